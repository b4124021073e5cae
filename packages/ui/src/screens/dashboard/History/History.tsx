/**
 * History (docs/product/screens.md#history): every day of the member's experiment so far, week by
 * week, each day with a saved reflection a button that opens it read-only. Days without one are
 * shown too, so the gaps are visible; they have nothing to open.
 */
import type { Member, Reflection } from '@prr/contract';
import { useState } from 'react';
import styled, { css } from 'styled-components';
import { useReflections } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { Lead, SubHeading, SubSection, todayRing } from '../TabSection';
import { ReflectionDayDialog } from './ReflectionDayDialog';

const WEEK = 7;

export interface HistoryProps {
  member: Pick<Member, 'currentDay' | 'timezone'>;
}

export function History({ member }: HistoryProps) {
  const reflections = useReflections();
  return (
    <SubSection aria-labelledby="history-heading">
      <SubHeading id="history-heading">History</SubHeading>
      <QueryView
        query={reflections}
        loading="Loading your history..."
        error="We couldn't load your history."
        isEmpty={(list) => list.length === 0}
        empty="Nothing to look back on yet. Each day you save a reflection can be read again here."
      >
        {(list) => <DayCalendar member={member} reflections={list} />}
      </QueryView>
    </SubSection>
  );
}

/** Days 1..currentDay in rows of seven (a row is a week of the experiment, not of the calendar). */
export function weeksOf(currentDay: number): number[][] {
  const days = Array.from({ length: currentDay }, (_, index) => index + 1);
  return Array.from({ length: Math.ceil(currentDay / WEEK) }, (_, week) => days.slice(week * WEEK, (week + 1) * WEEK));
}

function DayCalendar({ member, reflections }: { member: HistoryProps['member']; reflections: readonly Reflection[] }) {
  const [open, setOpen] = useState<Reflection | null>(null);
  const byDay = new Map(reflections.map((reflection) => [reflection.day, reflection]));
  const recorded = reflections.filter((reflection) => reflection.day <= member.currentDay).length;

  return (
    <>
      <Lead>
        You reflected on {recorded} of {member.currentDay} {member.currentDay === 1 ? 'day' : 'days'} so far. Choose a
        day to read what you wrote.
      </Lead>
      <Weeks aria-label="Your days, week by week">
        {weeksOf(member.currentDay).map((days, index) => (
          <Week key={days[0]}>
            <WeekLabel id={`history-week-${index + 1}`}>Week {index + 1}</WeekLabel>
            <Days aria-labelledby={`history-week-${index + 1}`}>
              {days.map((day) => {
                const reflection = byDay.get(day);
                const today = day === member.currentDay;
                // One text for assistive technology ('Day 10, today'); the number alone on screen.
                const name = `Day ${day}${today ? ', today' : ''}`;
                return (
                  <li key={day}>
                    {reflection ? (
                      <DayButton type="button" $today={today} onClick={() => setOpen(reflection)}>
                        <span aria-hidden>{day}</span>
                        <span className="visually-hidden">{name}</span>
                      </DayButton>
                    ) : (
                      <NoEntry $today={today}>
                        <span aria-hidden>{day}</span>
                        <span className="visually-hidden">{name}: no reflection</span>
                      </NoEntry>
                    )}
                  </li>
                );
              })}
            </Days>
          </Week>
        ))}
      </Weeks>
      <Key aria-label="Key">
        <li>
          <Swatch $kind="saved" /> Reflection saved
        </li>
        <li>
          <Swatch $kind="none" /> No reflection
        </li>
        <li>
          <Swatch $kind="today" /> Today
        </li>
      </Key>
      <ReflectionDayDialog member={member} reflection={open} onClose={() => setOpen(null)} />
    </>
  );
}

const Weeks = styled.ol`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

/** The week's name beside its days, above them on a phone. */
const Week = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 4.5rem minmax(0, 1fr);
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
  }
`;

const WeekLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Days = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(${WEEK}, minmax(0, 3.25rem));
  gap: ${({ theme }) => theme.space.xs};
`;

const cell = css<{ $today: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  aspect-ratio: 1;
  max-height: 3.25rem;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.md};
  outline-offset: 2px;
  ${todayRing}
`;

const DayButton = styled.button<{ $today: boolean }>`
  ${cell}
  border: 0;
  cursor: pointer;
  background: ${({ theme }) => theme.colors.brand};
  color: #fff;
  &:hover {
    background: ${({ theme }) => theme.colors.brandDark};
  }
`;

const NoEntry = styled.span<{ $today: boolean }>`
  ${cell}
  border: 1.5px dashed ${({ theme }) => theme.colors.muted};
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 400;
`;

const Key = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Swatch = styled.span<{ $kind: 'saved' | 'none' | 'today' }>`
  display: inline-block;
  width: 1rem;
  height: 1rem;
  border-radius: 4px;
  ${({ $kind, theme }) =>
    ({
      saved: css`
        background: ${theme.colors.brand};
      `,
      none: css`
        border: 1.5px dashed ${theme.colors.muted};
      `,
      today: css`
        box-shadow: 0 0 0 2px ${theme.colors.olive};
      `,
    })[$kind]}
`;
