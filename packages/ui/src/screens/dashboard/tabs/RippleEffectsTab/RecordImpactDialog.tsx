/**
 * 'Record This Week's Impact': a form that POSTs the member's ripple effects. The week
 * starts at the member's current week; every count is a whole number of 0 or more. The member is
 * the signed-in one, never named in the body.
 */
import { EXPERIMENT_DAYS, type Member, type RippleEffectFields } from '@prr/contract';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useRecordRippleEffect } from '../../../../api';
import { Button, Dialog, Label, TextArea, toast } from '../../../../primitives';
import { CountField } from '../../CountField';
import { RIPPLE_COUNTS } from './rippleCounts';

export const MAX_WEEK = Math.ceil(EXPERIMENT_DAYS / 7);

export function currentWeek(currentDay: number): number {
  return Math.min(MAX_WEEK, Math.max(1, Math.ceil(currentDay / 7)));
}

function emptyImpact(currentDay: number): RippleEffectFields {
  return {
    week: currentWeek(currentDay),
    relationshipImprovements: 0,
    positiveInteractions: 0,
    conflictsAvoided: 0,
    othersInspired: 0,
    notes: '',
  };
}

export interface RecordImpactDialogProps {
  member: Member;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RecordImpactDialog({ member, open, onOpenChange }: RecordImpactDialogProps) {
  const [fields, setFields] = useState<RippleEffectFields>(() => emptyImpact(member.currentDay));
  const record = useRecordRippleEffect();
  const notesId = useId();

  const set =
    <K extends keyof RippleEffectFields>(key: K) =>
    (value: RippleEffectFields[K]) =>
      setFields((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    record.mutate(
      { body: fields },
      {
        onSuccess: () => {
          toast({ title: 'Impact recorded! 🌊', description: 'Thank you for noticing how your practice spreads.' });
          setFields(emptyImpact(member.currentDay));
          onOpenChange(false);
        },
        onError: () =>
          toast({ title: 'Something went wrong', description: 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Record This Week's Impact"
      description="How did your practice reach the people around you this week? Rough numbers are fine."
    >
      <Form onSubmit={submit} aria-label="This week's impact">
        <CountField label="Week" name="week" value={fields.week} onChange={set('week')} min={1} max={MAX_WEEK} />
        <Counts>
          {RIPPLE_COUNTS.map(({ key, label }) => (
            <CountField key={key} label={label} name={key} value={fields[key]} onChange={set(key)} />
          ))}
        </Counts>
        <div>
          <Label htmlFor={notesId}>Notes</Label>
          <TextArea
            id={notesId}
            name="notes"
            value={fields.notes}
            onChange={(e) => set('notes')(e.target.value)}
            placeholder="Who noticed? What changed?"
          />
        </div>
        <Actions>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Saving...' : 'Save Impact'}
          </Button>
        </Actions>
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

/** Two columns even on phones: the numbers are short, and the dialog should fit one screen. */
const Counts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  align-items: end;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
