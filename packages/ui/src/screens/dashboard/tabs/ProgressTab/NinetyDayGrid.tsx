/**
 * The whole experiment at a glance: one square per day from 1 to 90, each showing whether the member
 * paused, reflected and retried that day. A day with a reflection is a button that opens it
 * read-only, as the History does (docs/product/screens.md#history); a day without one is dashed,
 * and the days after today are shown faded, not yet reached. A week is a line: a row on a phone, a
 * column from tablet width, so the grid stays a few squares tall.
 */
import { EXPERIMENT_DAYS, type Member, type Reflection } from '@prr/contract';
import type { ProgressDay } from '@prr/domain';
import { useState } from 'react';
import styled, { css, type DefaultTheme } from 'styled-components';
import { LegendList } from '../../../../components/charts';
import { todayRing } from '../../TabSection';
import { media } from '../../../../theme';
import { ReflectionDayDialog } from '../../History';

const WEEK = 7;

/** The three steps a day's square shows (the toggles of docs/product/screens.md#todays-reflection). */
type StepKey = 'paused' | 'reflected' | 'retried';

/** Each step's mark, left to right in the square, and how a day's name says it. */
export const STEP_MARKS: readonly { key: StepKey; name: string; done: string; notDone: string }[] = [
  { key: 'paused', name: 'Paused', done: 'paused', notDone: 'not paused' },
  { key: 'reflected', name: 'Reflected', done: 'reflected', notDone: 'not reflected' },
  { key: 'retried', name: 'Retried', done: 'retried', notDone: 'not retried' },
];

export interface NinetyDayGridProps {
  member: Pick<Member, 'currentDay' | 'timezone'>;
  /** progressDays: days 1 to today, each with its reflection or none. */
  days: readonly ProgressDay[];
  /** The member's reflections, whole, for the day's dialog. */
  reflections: readonly Reflection[];
}

/** 'Day 8: not paused, reflected, not retried'; 'Day 10, today: …'. */
export function dayName(day: number, currentDay: number, reflection: ProgressDay['reflection']): string {
  const name = `Day ${day}${day === currentDay ? ', today' : ''}`;
  if (day > currentDay) return `${name}: not yet reached`;
  if (!reflection) return `${name}: no reflection`;
  return `${name}: ${STEP_MARKS.map((step) => (reflection[step.key] ? step.done : step.notDone)).join(', ')}`;
}

export function NinetyDayGrid({ member, days, reflections }: NinetyDayGridProps) {
  const [open, setOpen] = useState<Reflection | null>(null);
  const byDay = new Map(reflections.map((reflection) => [reflection.day, reflection]));
  const reached = new Map(days.map((entry) => [entry.day, entry.reflection]));

  return (
    <>
      <Grid aria-label={`Your ${EXPERIMENT_DAYS} days, day by day`}>
        {Array.from({ length: EXPERIMENT_DAYS }, (_, index) => {
          const day = index + 1;
          const figures = reached.get(day) ?? null;
          const reflection = byDay.get(day);
          const today = day === member.currentDay;
          const name = dayName(day, member.currentDay, figures);
          return (
            <li key={day}>
              {figures && reflection ? (
                <DayButton type="button" $today={today} onClick={() => setOpen(reflection)}>
                  <DayNumber aria-hidden>{day}</DayNumber>
                  <Marks aria-hidden>
                    {STEP_MARKS.map((step) => (
                      <Mark key={step.key} $step={step.key} $on={figures[step.key]} />
                    ))}
                  </Marks>
                  <span className="visually-hidden">{name}</span>
                </DayButton>
              ) : (
                <Empty $today={today} $future={day > member.currentDay}>
                  <DayNumber aria-hidden>{day}</DayNumber>
                  <span className="visually-hidden">{name}</span>
                </Empty>
              )}
            </li>
          );
        })}
      </Grid>
      <Key aria-label="Key">
        {STEP_MARKS.map((step) => (
          <li key={step.key}>
            <Mark $step={step.key} $on /> {step.name}
          </li>
        ))}
        <li>
          <Swatch $kind="none" /> No reflection
        </li>
        <li>
          <Swatch $kind="future" /> Not yet reached
        </li>
      </Key>
      <ReflectionDayDialog member={member} reflection={open} onClose={() => setOpen(null)} />
    </>
  );
}

const Grid = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  grid-template-columns: repeat(${WEEK}, minmax(0, 1fr));
  ${media.md} {
    grid-auto-flow: column;
    grid-template-columns: none;
    grid-auto-columns: minmax(0, 1fr);
    grid-template-rows: repeat(${WEEK}, auto);
  }
`;

const stepColor = (step: StepKey, theme: DefaultTheme) =>
  ({ paused: theme.colors.sky, reflected: theme.colors.olive, retried: theme.colors.brand })[step];

const cell = css<{ $today: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  width: 100%;
  height: 2.75rem;
  padding: 0.2rem 0.3rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1;
  text-align: left;
  outline-offset: 2px;
  ${todayRing}
  @media print {
    box-shadow: none;
  }
`;

const DayButton = styled.button<{ $today: boolean }>`
  ${cell}
  cursor: pointer;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font-weight: 700;
  &:hover {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.brandSoft};
  }
  @media print {
    border-color: #000;
  }
`;

const Empty = styled.span<{ $today: boolean; $future: boolean }>`
  ${cell}
  color: ${({ theme }) => theme.colors.muted};
  ${({ $future, theme }) =>
    $future
      ? css`
          background: ${theme.colors.sand};
          /* The muted grey is too faint on sand to read. */
          color: ${theme.colors.inkSoft};
        `
      : css`
          border: 1.5px dashed ${theme.colors.muted};
        `}
`;

const DayNumber = styled.span`
  display: block;
`;

const Marks = styled.span`
  display: flex;
  gap: 2px;
`;

/** A step's bar: filled in its colour when done, an outline when not. */
const Mark = styled.span<{ $step: StepKey; $on: boolean }>`
  display: inline-block;
  flex: 1;
  max-width: 0.75rem;
  min-width: 0.45rem;
  height: 0.45rem;
  border-radius: 2px;
  border: 1px solid ${({ $step, theme }) => stepColor($step, theme)};
  background: ${({ $on, $step, theme }) => ($on ? stepColor($step, theme) : 'transparent')};
  @media print {
    border-color: #000;
    background: ${({ $on }) => ($on ? '#000' : '#fff')};
  }
`;

const Key = styled(LegendList)`
  ${Mark} {
    width: 0.75rem;
    flex: none;
  }
`;

const Swatch = styled.span<{ $kind: 'none' | 'future' }>`
  display: inline-block;
  width: 1rem;
  height: 1rem;
  border-radius: 4px;
  ${({ $kind, theme }) =>
    $kind === 'none'
      ? css`
          border: 1.5px dashed ${theme.colors.muted};
        `
      : css`
          background: ${theme.colors.sand};
        `}
`;
