/**
 * Progress Tracking: the latest 7 days at a glance, two insights (docs/product/rules.md#dashboard-figures:
 * High Mood Days are mood 7 or more, Successful Response Days are 2 or more better responses), the
 * member's 90 days as charts (YourNinetyDays), and the History of every day so far.
 */
import {
  RECENT_DAYS,
  highMoodDays,
  recentReflections,
  successfulResponseDays,
  type Member,
  type Reflection,
} from '@prr/contract';
import styled from 'styled-components';
import { useReflections } from '../../../../api';
import { Icon, type IconName } from '../../../../components/LevelsLadder';
import { media } from '../../../../theme';
import { QueryView } from '../../../../components/QueryView';
import { History } from '../../History';
import { SubHeading, TabSection } from '../../TabSection';
import { STEP_TOGGLES } from '../ReflectionTab/reflectionLabels';
import { YourNinetyDays } from './YourNinetyDays';

export interface ProgressTabProps {
  member: Member;
}

// The reflections are the signed-in member's; the member gives the days and time zone of the history.
export function ProgressTab({ member }: ProgressTabProps) {
  const reflections = useReflections();
  return (
    <TabSection
      title="Progress Tracking"
      lead={`Your last ${RECENT_DAYS} days of practice, what they say, and every day so far.`}
    >
      <QueryView
        query={reflections}
        loading="Loading your progress..."
        error="We couldn't load your reflections."
        isEmpty={(list) => list.length === 0}
        empty="No reflections yet. Record your first one in Today's Reflection and your progress will show here."
      >
        {(list) => (
          <>
            <ProgressView reflections={list} />
            <YourNinetyDays member={member} reflections={list} />
            <History member={member} />
          </>
        )}
      </QueryView>
    </TabSection>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** The stored YYYY-MM-DD is a calendar day; formatting it at UTC midnight keeps the same day everywhere. */
const formatDay = (isoDate: string) => dateFormat.format(new Date(`${isoDate}T00:00:00Z`));

function ProgressView({ reflections }: { reflections: readonly Reflection[] }) {
  const recent = recentReflections(reflections);
  const insights: { label: string; value: number; note: string; icon: IconName }[] = [
    { label: 'High Mood Days', value: highMoodDays(reflections), note: 'Days with a mood of 7 or more', icon: 'sun' },
    {
      label: 'Successful Response Days',
      value: successfulResponseDays(reflections),
      note: 'Days with 2 or more better responses',
      icon: 'people',
    },
  ];

  return (
    <>
      <SubHeading>Recent days</SubHeading>
      <Days aria-label={`Your last ${RECENT_DAYS} days`}>
        {recent.map((reflection) => (
          <DayRow key={reflection.id}>
            <DayName>
              <strong>Day {reflection.day}</strong>
              <time dateTime={reflection.date}>{formatDay(reflection.date)}</time>
            </DayName>
            <Marks>
              {STEP_TOGGLES.map(({ key, short }) => (
                <Mark key={key} $on={reflection[key]}>
                  <span aria-hidden>{reflection[key] ? '✓' : '–'}</span> {short}
                  <span className="visually-hidden">: {reflection[key] ? 'yes' : 'no'}</span>
                </Mark>
              ))}
            </Marks>
            <Mood>
              Mood <strong>{reflection.mood}</strong>/10
            </Mood>
          </DayRow>
        ))}
      </Days>

      <SubHeading>Insights</SubHeading>
      <Insights>
        {insights.map((insight) => (
          <Insight key={insight.label}>
            <Icon name={insight.icon} size="1.75rem" />
            <InsightValue>{insight.value}</InsightValue>
            <InsightLabel>{insight.label}</InsightLabel>
            <small>{insight.note}</small>
          </Insight>
        ))}
      </Insights>
    </>
  );
}

const Days = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const DayRow = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  grid-template-columns: 1fr auto;
  grid-template-areas: 'day mood' 'marks marks';
  ${media.md} {
    grid-template-columns: 10rem 1fr auto;
    grid-template-areas: 'day marks mood';
  }
`;

const DayName = styled.div`
  grid-area: day;
  display: flex;
  flex-direction: column;
  time {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const Marks = styled.div`
  grid-area: marks;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Mark = styled.span<{ $on: boolean }>`
  padding: 0.15rem 0.65rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  background: ${({ theme, $on }) => ($on ? theme.colors.oliveSoft : theme.colors.paper)};
  color: ${({ theme, $on }) => ($on ? '#3d5224' : theme.colors.inkSoft)};
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.oliveSoft : theme.colors.border)};
`;

const Mood = styled.span`
  grid-area: mood;
  color: ${({ theme }) => theme.colors.inkSoft};
  strong {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

const Insights = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Insight = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  > svg {
    color: ${({ theme }) => theme.colors.brand};
  }
  small {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const InsightValue = styled.strong`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  color: ${({ theme }) => theme.colors.brandDark};
  line-height: 1.1;
`;

const InsightLabel = styled.span`
  font-weight: 700;
`;
