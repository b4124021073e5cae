/**
 * Insights' figures for one filter (docs/product/insights.md), section by section: members, joins,
 * who keeps reflecting, the days of the experiment, cohorts, ripple effects and the evidence. Each
 * chart has its summary and its table (ChartFigure); a hidden figure is a gap in a chart and
 * HIDDEN_FIGURE_TEXT everywhere else.
 */
import type { Insights } from '@prr/contract';
import { memo, useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { BarChart, ChartFigure, LineChart, type ChartSeries } from '../../../components/charts';
import { Card } from '../../../primitives';
import { media, theme } from '../../../theme';
import { EvidenceFigures, ImpactControls } from './EvidenceSection';
import { FigureTable } from './FigureTable';
import {
  cohortTable,
  joinsByStateTable,
  joinsByWeekBars,
  joinsByWeekSummary,
  joinsByWeekTable,
  reflectingPoints,
  reflectingSummary,
  reflectingTable,
  retentionTable,
  rippleBars,
  rippleSeriesNames,
  rippleSummary,
  rippleTable,
  scorePoints,
  scoreSummary,
  scoreTable,
  stepPoints,
  stepSummary,
  stepTable,
} from './insightsFigures';
import { countText } from './insightsFormat';

const joinSeries: ChartSeries[] = [{ key: 'joins', label: 'Joins', color: theme.colors.brand }];
const reflectingSeries: ChartSeries[] = [{ key: 'members', label: 'Members reflecting', color: theme.colors.brand }];
const scoreSeries: ChartSeries[] = [
  { key: 'mood', label: 'Mood', color: theme.colors.brand },
  { key: 'empathy', label: 'Empathy', color: theme.colors.olive },
  { key: 'selfAwareness', label: 'Self-awareness', color: theme.colors.sky },
];
const stepSeries: ChartSeries[] = [
  { key: 'paused', label: 'Paused (%)', color: theme.colors.brand },
  { key: 'reflected', label: 'Reflected (%)', color: theme.colors.olive },
  { key: 'retried', label: 'Retried (%)', color: theme.colors.sky },
];
const rippleColors = [theme.colors.brand, theme.colors.olive, theme.colors.sky, theme.colors.hoverState];
const rippleSeries: ChartSeries[] = rippleSeriesNames.map(([key, label], index) => ({
  key,
  label,
  color: rippleColors[index] ?? theme.colors.ink,
}));

/** A count axis from 0 to a round number above the largest value. */
function countDomain(values: readonly (number | null)[]): [number, number] {
  const largest = Math.max(0, ...values.filter((value) => value !== null));
  return [0, Math.max(10, Math.ceil(largest / 10) * 10)];
}

interface InsightsSectionsProps {
  insights: Insights;
  /** Who the figures are about, e.g. 'all states, every month'. */
  scope: string;
  filtered: boolean;
}

/** Drawn again only for new figures: a refresh that computes the same ones changes nothing here. */
export const InsightsSections = memo(function InsightsSections({ insights, scope, filtered }: InsightsSectionsProps) {
  const reflecting = reflectingPoints(insights);
  return (
    <>
      <Section title="Members">
        <Card>
          <Big>{countText(insights.members)}</Big>
          <Note>Active members, {scope}.</Note>
        </Card>
      </Section>

      <Section title="Joins">
        <Pair>
          <ChartFigure title="Joins per week" summary={joinsByWeekSummary(insights)} table={joinsByWeekTable(insights)}>
            <BarChart label="Joins per week" series={joinSeries} bars={joinsByWeekBars(insights)} xTitle="Week of" />
          </ChartFigure>
          <Card>
            <TableTitle>Joins by state</TableTitle>
            <FigureTable caption="Joins by state" table={joinsByStateTable(insights)} />
          </Card>
        </Pair>
      </Section>

      <Section title="Reflecting">
        <Pair>
          <ChartFigure
            title="Members reflecting per day of the experiment"
            summary={reflectingSummary(insights)}
            table={reflectingTable(insights)}
          >
            <LineChart
              label="Members reflecting per day of the experiment"
              series={reflectingSeries}
              points={reflecting}
              xLabel="Day of the experiment"
              yDomain={countDomain(reflecting.map((point) => point.values.members ?? null))}
            />
          </ChartFigure>
          <Card>
            <TableTitle>Retention</TableTitle>
            <Note>Of the members past each day (Members), the share who reflected on it (Reflecting).</Note>
            <FigureTable caption="Retention" table={retentionTable(insights)} />
          </Card>
        </Pair>
      </Section>

      <Section title="By experiment day">
        <Stack>
          <ChartFigure
            title="Average mood, empathy and self-awareness"
            summary={scoreSummary(insights)}
            table={scoreTable(insights)}
          >
            <LineChart
              label="Average mood, empathy and self-awareness by day of the experiment, out of 10"
              series={scoreSeries}
              points={scorePoints(insights)}
              xLabel="Day of the experiment"
              yDomain={[0, 10]}
            />
          </ChartFigure>
          <ChartFigure
            title="Share who paused, reflected and retried"
            summary={stepSummary(insights)}
            table={stepTable(insights)}
          >
            <LineChart
              label="Share of the members reflecting who paused, reflected and retried, by day of the experiment"
              series={stepSeries}
              points={stepPoints(insights)}
              xLabel="Day of the experiment"
              yDomain={[0, 100]}
            />
          </ChartFigure>
        </Stack>
      </Section>

      <Section title="Cohorts by join week">
        <Card>
          <Note>Members who joined in each week, and the share of them who reflected on each day once past it.</Note>
          <FigureTable caption="Cohorts by join week" table={cohortTable(insights)} />
        </Card>
      </Section>

      <Section title="Ripple effects">
        <ChartFigure title="Ripple effects per week" summary={rippleSummary(insights)} table={rippleTable(insights)}>
          <BarChart
            label="Ripple effects per week of the experiment"
            series={rippleSeries}
            bars={rippleBars(insights)}
            xTitle="Week of the experiment"
          />
        </ChartFigure>
      </Section>

      <Section title="The evidence">
        <Card>
          {filtered ? (
            <Note>
              These are the filter&apos;s figures. Publishing always shares the whole movement&apos;s evidence.
            </Note>
          ) : null}
          <EvidenceFigures evidence={insights.evidence} />
          <ImpactControls />
        </Card>
      </Section>
    </>
  );
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Region aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      {children}
    </Region>
  );
}

const Region = styled.section`
  margin-top: ${({ theme }) => theme.space.xl};
`;

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  margin: 0 0 ${({ theme }) => theme.space.md};
`;

const TableTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin: 0 0 ${({ theme }) => theme.space.sm};
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Big = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

/** A chart beside its table on wide screens; one under the other on phones. */
const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;
