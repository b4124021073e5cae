/**
 * 'Record This Week's Impact': a form that POSTs the member's ripple effects for a week
 * (docs/product/rules.md#ripple-effects). It starts at the member's current week; a week that
 * already has a record shows its values and saving updates it ('Update week 3'). Every count is a
 * whole number of 0 or more. The member is the signed-in one, never named in the body.
 */
import { EXPERIMENT_DAYS, type Member, type RippleEffect, type RippleEffectFields } from '@prr/contract';
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

function emptyImpact(week: number): RippleEffectFields {
  return {
    week,
    relationshipImprovements: 0,
    positiveInteractions: 0,
    conflictsAvoided: 0,
    othersInspired: 0,
    notes: '',
  };
}

function fieldsOf(effect: RippleEffect): RippleEffectFields {
  const { week, relationshipImprovements, positiveInteractions, conflictsAvoided, othersInspired, notes } = effect;
  return { week, relationshipImprovements, positiveInteractions, conflictsAvoided, othersInspired, notes };
}

export interface RecordImpactDialogProps {
  member: Member;
  /** The member's records, one per week (undefined while they load): a chosen week's values come from here. */
  effects: readonly RippleEffect[] | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RecordImpactDialog({ member, effects, open, onOpenChange }: RecordImpactDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Record This Week's Impact"
      description="How did your practice reach the people around you this week? Rough numbers are fine."
    >
      {/* Mounted while open: each opening starts from the week's stored values. */}
      <ImpactForm member={member} effects={effects} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

interface ImpactFormProps {
  member: Member;
  effects: readonly RippleEffect[] | undefined;
  onDone: () => void;
}

function ImpactForm({ member, effects, onDone }: ImpactFormProps) {
  const recordOf = (week: number) => effects?.find((effect) => effect.week === week);
  const valuesOf = (week: number) => {
    const stored = recordOf(week);
    return stored ? fieldsOf(stored) : emptyImpact(week);
  };
  const [fields, setFields] = useState<RippleEffectFields>(() => valuesOf(currentWeek(member.currentDay)));
  // Whether the counts or notes are the member's own typing (kept when they pick a week without a record).
  const [edited, setEdited] = useState(false);
  // The records arrived after the form opened: an untouched form shows the week's stored values.
  const [loaded, setLoaded] = useState(effects !== undefined);
  if (!loaded && effects !== undefined) {
    setLoaded(true);
    if (!edited) setFields(valuesOf(fields.week));
  }

  const existing = recordOf(fields.week);
  const record = useRecordRippleEffect();
  const notesId = useId();

  const set =
    <K extends keyof RippleEffectFields>(key: K) =>
    (value: RippleEffectFields[K]) => {
      setEdited(true);
      setFields((current) => ({ ...current, [key]: value }));
    };

  const chooseWeek = (week: number) => {
    if (recordOf(week)) {
      setEdited(false);
      setFields(valuesOf(week));
    } else {
      setFields((current) => (edited ? { ...current, week } : emptyImpact(week)));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const updating = existing !== undefined;
    record.mutate(
      { body: fields },
      {
        onSuccess: () => {
          toast(
            updating
              ? { title: 'Impact updated! 🌊', description: `Week ${fields.week} now shows your new numbers.` }
              : { title: 'Impact recorded! 🌊', description: 'Thank you for noticing how your practice spreads.' },
          );
          onDone();
        },
        onError: () =>
          toast({ title: 'Something went wrong', description: 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  const saveLabel = existing ? `Update week ${fields.week}` : 'Save Impact';
  return (
    <Form onSubmit={submit} aria-label="This week's impact">
      <CountField label="Week" name="week" value={fields.week} onChange={chooseWeek} min={1} max={MAX_WEEK} />
      <WeekNote aria-live="polite">
        {existing ? `Week ${fields.week} is already recorded: these are its numbers, and saving updates them.` : ''}
      </WeekNote>
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
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Saving...' : saveLabel}
        </Button>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

const WeekNote = styled.p`
  margin: -${({ theme }) => theme.space.sm} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
  &:empty {
    display: none;
  }
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
