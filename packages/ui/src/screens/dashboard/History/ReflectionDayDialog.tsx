/**
 * One day of the history, read-only (docs/product/screens.md#history): every field of the saved
 * reflection as text, nothing to change. Notes and responses are the member's own words, shown as
 * plain text with their line breaks.
 */
import { MAX_COMPLETED_EXERCISES, SCORE_MAX, type Member, type Reflection } from '@prr/contract';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Dialog } from '../../../primitives';
import { COUNT_LABELS, PRACTICE_TOGGLES, SCORES, STEP_TOGGLES } from '../tabs/ReflectionTab/reflectionLabels';
import { formatReflectionDate, formatSavedDay, formatSavedTime } from '../tabs/ReflectionTab/savedAt';

export interface ReflectionDayDialogProps {
  member: Pick<Member, 'currentDay' | 'timezone'>;
  /** The day shown; null: closed. */
  reflection: Reflection | null;
  onClose: () => void;
}

export function ReflectionDayDialog({ member, reflection, onClose }: ReflectionDayDialogProps) {
  return (
    <Dialog
      open={reflection !== null}
      onOpenChange={(open) => !open && onClose()}
      title={reflection ? `Day ${reflection.day}: ${formatReflectionDate(reflection.date)}` : 'Reflection'}
      description={reflection ? savedNote(reflection, member) : undefined}
      size="wide"
    >
      {reflection ? <ReflectionText reflection={reflection} /> : null}
    </Dialog>
  );
}

function savedNote(reflection: Reflection, member: Pick<Member, 'currentDay' | 'timezone'>): string {
  const saved = `Saved on ${formatSavedDay(reflection.savedAt, member.timezone)} at ${formatSavedTime(reflection.savedAt, member.timezone)}.`;
  return reflection.day === member.currentDay
    ? `${saved} To change today's entry, use Today's Reflection.`
    : `${saved} Past days can be read, not changed.`;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const outOf = (value: number) => `${value}/${SCORE_MAX}`;

function ReflectionText({ reflection }: { reflection: Reflection }) {
  return (
    <Sections>
      <Section title="Pause. Reflect. Retry.">
        <Facts>
          {STEP_TOGGLES.map(({ key, label }) => (
            <Fact key={key} term={label} value={yesNo(reflection[key])} />
          ))}
        </Facts>
      </Section>

      <Section title="How the day went">
        <Facts>
          <Fact term={SCORES.mood.label} value={outOf(reflection.mood)} />
          <Fact term={COUNT_LABELS.conflictCount} value={String(reflection.conflictCount)} />
          <Fact term={COUNT_LABELS.successfulResponses} value={String(reflection.successfulResponses)} />
        </Facts>
      </Section>

      <Section title="Your reflection">
        {reflection.reflectionPrompt ? (
          <Words>
            <dt>The day&apos;s prompt</dt>
            <dd>{reflection.reflectionPrompt}</dd>
          </Words>
        ) : null}
        <Words>
          <dt>Your response to the prompt</dt>
          <dd>{reflection.promptResponse || <Empty>Nothing written.</Empty>}</dd>
        </Words>
        <Words>
          <dt>Notes about your day</dt>
          <dd>{reflection.notes || <Empty>Nothing written.</Empty>}</dd>
        </Words>
      </Section>

      <Section title="Practice exercises">
        <Facts>
          {PRACTICE_TOGGLES.map(({ key, label }) => (
            <Fact key={key} term={label} value={yesNo(reflection[key])} />
          ))}
          <Fact term="Exercises completed" value={`${reflection.completedExercises} of ${MAX_COMPLETED_EXERCISES}`} />
        </Facts>
      </Section>

      <Section title="Growth">
        <Facts>
          <Fact term={SCORES.empathyScore.label} value={outOf(reflection.empathyScore)} />
          <Fact term={SCORES.selfAwarenessScore.label} value={outOf(reflection.selfAwarenessScore)} />
        </Facts>
      </Section>
    </Sections>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionBox>
      <h3>{title}</h3>
      {children}
    </SectionBox>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

const SectionBox = styled.section`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.paper};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
`;

/** Label and value on one line each, in two columns from tablet width. */
const Facts = styled.dl`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  div {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.xs} 0;
    border-bottom: 1px dashed ${({ theme }) => theme.colors.border};
  }
  dt {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  dd {
    margin: 0;
    font-weight: 700;
    text-align: right;
  }
`;

const Words = styled.dl`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  dt {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  dd {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Empty = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-style: italic;
`;
