/**
 * The dashboard header (docs/product/screens.md#dashboard-overview): greeting, day, percent, the four stat cards,
 * the progress bar and the days remaining (after day 90: that the journey is complete). Every figure comes from the contract's
 * dashboardFigures, the one tested module for these rules, computed by the server in the dashboard's answer.
 */
import { EXPERIMENT_DAYS, dashboardFigures, dayFigures, type Member } from '@prr/contract';
import { useDashboardPart } from '../../../api';
import { Icon, ProgressBar, type IconName } from '../../../components/LevelsLadder';
import { Skeleton, StatusMessage } from '../../../primitives';
import { firstNameOf } from '../firstName';
import * as S from './DashboardOverview.styles';

export interface DashboardOverviewProps {
  member: Member;
}

export function DashboardOverview({ member }: DashboardOverviewProps) {
  const answer = useDashboardPart((dashboard) => dashboard.figures);
  // The day's figures are the member's own; the three that count reflections come with the dashboard's
  // answer and wait in placeholders until it does.
  const figures = { ...(answer.data ?? dashboardFigures(member.currentDay, [])), ...dayFigures(member.currentDay) };
  const name = firstNameOf(member.name);
  const waiting = answer.isPending;

  const stats: { icon: IconName; label: string; value: string; fromReflections: boolean }[] = [
    { icon: 'calendar', label: 'Days', value: `${figures.currentDay}/${EXPERIMENT_DAYS}`, fromReflections: false },
    { icon: 'flame', label: 'Day Streak', value: String(figures.dayStreak), fromReflections: true },
    { icon: 'pause', label: 'Times Paused', value: String(figures.timesPaused), fromReflections: true },
    { icon: 'message', label: 'Better Responses', value: String(figures.betterResponses), fromReflections: true },
  ];

  return (
    <S.Header aria-labelledby="dashboard-greeting">
      <S.Intro>
        <div>
          <h1 id="dashboard-greeting">{member.currentDay > 1 ? `Welcome back, ${name}!` : `Welcome, ${name}!`}</h1>
          <S.Day>
            {member.completed
              ? `You completed your ${EXPERIMENT_DAYS}-day journey`
              : `Day ${figures.currentDay} of your ${EXPERIMENT_DAYS}-day journey`}
          </S.Day>
        </div>
        <S.Percent>
          <strong>{figures.progressPercent}%</strong> complete
        </S.Percent>
      </S.Intro>

      <S.Stats>
        {stats.map((stat) => (
          <S.Stat key={stat.label}>
            <S.StatIcon>
              <Icon name={stat.icon} />
            </S.StatIcon>
            <S.StatValue>
              {waiting && stat.fromReflections ? (
                <>
                  <Skeleton $height="2rem" $width="3rem" />
                  <span className="visually-hidden">Loading</span>
                </>
              ) : (
                stat.value
              )}
            </S.StatValue>
            <S.StatLabel>{stat.label}</S.StatLabel>
          </S.Stat>
        ))}
      </S.Stats>

      {answer.isError ? (
        <StatusMessage kind="error" onRetry={() => void answer.refetch()}>
          We couldn&apos;t load your reflections, so your streak and totals may be missing for now.
        </StatusMessage>
      ) : null}

      <S.Progress>
        <ProgressBar
          label="Experiment progress"
          percent={figures.progressPercent}
          valueText={`${figures.progressPercent}% complete`}
          tone="olive"
        />
        <S.Remaining>
          {member.completed
            ? 'Your experiment is complete'
            : `${figures.daysRemaining} ${figures.daysRemaining === 1 ? 'day' : 'days'} remaining in your experiment`}
        </S.Remaining>
      </S.Progress>
    </S.Header>
  );
}
