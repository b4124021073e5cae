/**
 * 'Your 90 days' on the Progress tab (docs/product/insights.md#the-members-90-days): the member's own
 * days so far as charts, each with a sentence and a table (docs/decisions/034-charts.md). What the figures are (the days with their gaps, the
 * weeks' sums, week 1 against the latest) is the domain's (progressDays, progressWeeks,
 * averageChanges, changeSentence); this file only words and draws them.
 */
import { EXPERIMENT_DAYS, type Member, type Reflection } from '@prr/contract';
import {
  PROGRESS_MEASURES,
  averageChanges,
  changeSentence,
  progressDays,
  progressWeeks,
  type ProgressDay,
  type ProgressWeek,
} from '@prr/domain';
import styled, { useTheme } from 'styled-components';
import { BarChart, ChartFigure, LineChart, type ChartSeries } from '../../../../components/charts';
import { Lead, SubHeading, SubSection } from '../../TabSection';
import { SCORES } from '../ReflectionTab/reflectionLabels';
import { NinetyDayGrid, STEP_MARKS } from './NinetyDayGrid';

export interface YourNinetyDaysProps {
  member: Pick<Member, 'currentDay' | 'timezone'>;
  reflections: readonly Reflection[];
}

const NO_REFLECTION = 'no reflection';
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

export function YourNinetyDays({ member, reflections }: YourNinetyDaysProps) {
  const theme = useTheme();
  const days = progressDays(reflections, member.currentDay);
  const weeks = progressWeeks(reflections, member.currentDay);
  const sentences = averageChanges(reflections);
  const lastDay = days.length;
  const written = days.filter((entry) => entry.reflection !== null).length;

  const measureColors = [theme.colors.brand, theme.colors.olive, theme.colors.sky];
  const measures: ChartSeries[] = PROGRESS_MEASURES.map((measure, index) => ({
    key: measure.key,
    label: SCORES[measure.field].label,
    color: measureColors[index] ?? theme.colors.ink,
  }));
  const weekSeries: ChartSeries[] = [
    { key: 'conflicts', label: 'Conflicts', color: theme.colors.brand },
    { key: 'betterResponses', label: 'Better responses', color: theme.colors.olive },
  ];

  return (
    <SubSection aria-labelledby="ninety-days-heading">
      <SubHeading id="ninety-days-heading">Your {EXPERIMENT_DAYS} days</SubHeading>
      <Lead>
        Day {lastDay} of {EXPERIMENT_DAYS}: how your days went, the steps you took, and your weeks so far.
      </Lead>

      <ChartFigure
        title="Mood, empathy and self-awareness, day by day"
        summary={scoresSummary(lastDay, written)}
        table={{
          columns: ['Day', ...measures.map((measure) => measure.label)],
          rows: days.map(({ day, reflection }) => [
            `Day ${day}`,
            ...PROGRESS_MEASURES.map((measure) => (reflection ? reflection[measure.field] : NO_REFLECTION)),
          ]),
        }}
      >
        <LineChart
          label={`Mood, empathy and self-awareness from 1 to 10, days 1 to ${lastDay}`}
          series={measures}
          points={days.map(({ day, reflection }) => ({
            x: day,
            values: Object.fromEntries(
              PROGRESS_MEASURES.map((measure) => [measure.key, reflection ? reflection[measure.field] : null]),
            ),
          }))}
          xLabel="Day"
          yDomain={[1, 10]}
        />
      </ChartFigure>

      {sentences[0] ? (
        // Nothing is said until week 1 and a later week both have a reflection.
        <Changes aria-labelledby="ninety-days-changes">
          <h4 id="ninety-days-changes">Week 1 and week {sentences[0].latestWeek}</h4>
          <ul>
            {sentences.map((change) => (
              <li key={change.measure.key}>{changeSentence(change)}</li>
            ))}
          </ul>
        </Changes>
      ) : null}

      <ChartFigure
        title="Pause, reflect, retry: day by day"
        summary={stepsSummary(days, lastDay, written)}
        table={{
          columns: ['Day', ...STEP_MARKS.map((step) => step.name)],
          rows: days.map(({ day, reflection }) => [
            `Day ${day}`,
            ...STEP_MARKS.map((step) => (reflection ? yesNo(reflection[step.key]) : NO_REFLECTION)),
          ]),
        }}
      >
        <NinetyDayGrid member={member} days={days} reflections={reflections} />
      </ChartFigure>

      <ChartFigure
        title="Conflicts and better responses, week by week"
        summary={weeksSummary(weeks)}
        table={{
          columns: ['Week', 'Days with a reflection', 'Conflicts', 'Better responses'],
          rows: weeks.map((week) => [
            `Week ${week.week}`,
            week.days,
            week.days > 0 ? week.conflicts : NO_REFLECTION,
            week.days > 0 ? week.betterResponses : NO_REFLECTION,
          ]),
        }}
      >
        <BarChart
          label={`Conflicts and better responses in each week, weeks 1 to ${weeks.length}`}
          series={weekSeries}
          // A week without a reflection has no bars, rather than bars of zero.
          bars={weeks.map((week) => ({
            x: week.week,
            xLabel: String(week.week),
            values:
              week.days > 0
                ? { conflicts: week.conflicts, betterResponses: week.betterResponses }
                : { conflicts: null, betterResponses: null },
          }))}
          xTitle="Week"
        />
      </ChartFigure>
    </SubSection>
  );
}

function scoresSummary(lastDay: number, written: number): string {
  const span = lastDay === 1 ? 'on day 1' : `on each day from day 1 to day ${lastDay}`;
  const gaps = lastDay - written;
  const cover =
    gaps === 0
      ? 'You wrote a reflection every day so far.'
      : `${written} of ${plural(lastDay, 'day has', 'days have')} a reflection; the lines break on ${gaps === 1 ? 'the day' : `the ${gaps} days`} without one.`;
  return `Your mood, empathy and self-awareness, from 1 to 10, ${span}. ${cover}`;
}

function stepsSummary(days: readonly ProgressDay[], lastDay: number, written: number): string {
  const count = (key: (typeof STEP_MARKS)[number]['key']) =>
    days.filter(({ reflection }) => reflection?.[key] === true).length;
  const toCome = EXPERIMENT_DAYS - lastDay;
  return [
    `One square for each of the ${EXPERIMENT_DAYS} days.`,
    `You reflected on ${written} of ${plural(lastDay, 'day', 'days')} so far: you paused on ${count('paused')}, reflected on ${count('reflected')} and retried on ${count('retried')}.`,
    toCome > 0 ? `${plural(toCome, 'day is', 'days are')} still to come.` : '',
    'Choose a day to read what you wrote.',
  ]
    .filter(Boolean)
    .join(' ');
}

function weeksSummary(weeks: readonly ProgressWeek[]): string {
  const latest = weeks.at(-1);
  if (!latest) return '';
  const span = weeks.length === 1 ? 'in week 1' : `in each week from week 1 to week ${weeks.length}`;
  const now =
    latest.days === 0
      ? `No reflection in week ${latest.week} yet.`
      : `Week ${latest.week} so far: ${plural(latest.conflicts, 'conflict', 'conflicts')} and ${plural(latest.betterResponses, 'better response', 'better responses')}.`;
  const empty = weeks.some((week) => week.days === 0) ? ' Weeks without a reflection have no bars.' : '';
  return `The conflicts you recorded and the better responses you found ${span}. ${now}${empty}`;
}

const Changes = styled.section`
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.oliveSoft};
  border-radius: ${({ theme }) => theme.radii.lg};
  h4 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  @media print {
    background: none;
    border: 1px solid #000;
  }
`;
