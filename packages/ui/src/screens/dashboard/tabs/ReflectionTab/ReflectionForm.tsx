/**
 * The daily reflection form (docs/product/screens.md#todays-reflection). It opens on today's saved
 * reflection when there is one (or REFLECTION_DEFAULTS), and saving sends every field with the
 * day's prompt: the day's first save, or an update of today's entry (docs/product/rules.md#reflections).
 * Unsaved changes are kept for the browser session (useDraft), per member and day: another tab, a
 * reload or a failed save loses nothing. After a save the form shows what was saved.
 */
import {
  MAX_COMPLETED_EXERCISES,
  REFLECTION_DEFAULTS,
  ReflectionFields,
  type Member,
  type Reflection,
  type ReflectionPrompt,
} from '@prr/contract';
import { useId, useMemo, type FormEvent } from 'react';
import { useSaveReflection } from '../../../../api';
import { useDraft } from '../../../../hooks/useDraft';
import { Button, Label, Switch, TextArea, toast } from '../../../../primitives';
import { CountField } from '../../CountField';
import { COUNT_LABELS, PRACTICE_TOGGLES, SCORES, STEP_TOGGLES } from './reflectionLabels';
import { buildReflectionRequest, completedExercises } from './reflectionRequest';
import { ScoreSlider } from './ScoreSlider';
import * as S from './ReflectionTab.styles';

export interface ReflectionFormProps {
  member: Member;
  /** Undefined while the prompt loads or when it could not be loaded; the form still works. */
  prompt: ReflectionPrompt | undefined;
  /** Today's saved reflection (the one of member.currentDay); undefined before the day's first save. */
  saved: Reflection | undefined;
}

const failure = { title: 'Something went wrong', description: 'Please try again.', variant: 'destructive' } as const;
const firstSave = { title: 'Reflection saved! ✨', description: 'Your daily progress has been recorded.' } as const;
const update = { title: 'Reflection updated', description: "Today's entry now has your changes." } as const;

/** A kept draft from an older version of the form no longer parses and is dropped. */
const parseDraft = (stored: unknown) => ReflectionFields.safeParse(stored).data;

export function ReflectionForm({ member, prompt, saved }: ReflectionFormProps) {
  // null: no unsaved changes, the form shows today's entry (or the defaults).
  const draft = useDraft<ReflectionFields | null>(`reflection.${member.id}.day${member.currentDay}`, null, parseDraft);
  const entry = useMemo(() => (saved ? ReflectionFields.parse(saved) : REFLECTION_DEFAULTS), [saved]);
  const fields = draft.value ?? entry;
  const save = useSaveReflection();
  const ids = { response: useId(), notes: useId() };

  const set =
    <K extends keyof ReflectionFields>(key: K) =>
    (value: ReflectionFields[K]) =>
      draft.update((current) => ({ ...(current ?? entry), [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const updating = saved !== undefined;
    try {
      // Throws 'Member not found' before any request when there is no member (docs/product/screens.md#errors-without-a-member).
      const body = buildReflectionRequest(member, fields, prompt);
      // mutateAsync, not mutate's callbacks: those are dropped when the member switches tabs while
      // saving, and the saved draft would come back. It settles after the reflections were read
      // again, so the form then shows the stored entry.
      save.mutateAsync({ body }).then(
        () => {
          toast(updating ? update : firstSave);
          draft.clear();
        },
        () => toast(failure),
      );
    } catch {
      toast(failure);
    }
  };

  const exercises = completedExercises(fields);

  return (
    <S.Form onSubmit={submit} aria-label="Today's reflection">
      <S.SaveStatus aria-live="polite">
        {/* The time it was saved is above the prompt (ReflectionTab's SavedToday). */}
        {saved ? (
          <p>
            {draft.value
              ? "You have unsaved changes. Save to update today's entry."
              : "Change anything and save again to update today's entry."}
          </p>
        ) : null}
      </S.SaveStatus>

      <S.Group>
        <S.Legend>Pause. Reflect. Retry.</S.Legend>
        <S.Hint>Which steps did you manage today? Even one counts.</S.Hint>
        {STEP_TOGGLES.map(({ key, label }) => (
          <Switch key={key} label={label} checked={fields[key]} onCheckedChange={set(key)} />
        ))}
      </S.Group>

      <S.Group>
        <S.Legend>How did today go?</S.Legend>
        <ScoreSlider {...SCORES.mood} value={fields.mood} onChange={set('mood')} />
        <S.Counts>
          <CountField
            label={COUNT_LABELS.conflictCount}
            name="conflictCount"
            value={fields.conflictCount}
            onChange={set('conflictCount')}
          />
          <CountField
            label={COUNT_LABELS.successfulResponses}
            name="successfulResponses"
            value={fields.successfulResponses}
            onChange={set('successfulResponses')}
            hint="Times you paused and answered well."
          />
        </S.Counts>
      </S.Group>

      <S.Group>
        <S.Legend>Your reflection</S.Legend>
        <S.TextBlock>
          <Label htmlFor={ids.response}>Your response to today&apos;s prompt</Label>
          <TextArea
            id={ids.response}
            name="promptResponse"
            value={fields.promptResponse}
            onChange={(e) => set('promptResponse')(e.target.value)}
          />
        </S.TextBlock>
        <S.TextBlock>
          <Label htmlFor={ids.notes}>Notes about your day</Label>
          <TextArea id={ids.notes} name="notes" value={fields.notes} onChange={(e) => set('notes')(e.target.value)} />
        </S.TextBlock>
      </S.Group>

      <S.Group>
        <S.Legend>Practice exercises</S.Legend>
        {PRACTICE_TOGGLES.map(({ key, label, description }) => (
          <Switch key={key} label={label} description={description} checked={fields[key]} onCheckedChange={set(key)} />
        ))}
        <S.Exercises aria-live="polite">
          Exercises completed: {exercises} of {MAX_COMPLETED_EXERCISES}
        </S.Exercises>
      </S.Group>

      <S.Group>
        <S.Legend>Growth</S.Legend>
        <S.Scores>
          <ScoreSlider {...SCORES.empathyScore} value={fields.empathyScore} onChange={set('empathyScore')} />
          <ScoreSlider
            {...SCORES.selfAwarenessScore}
            value={fields.selfAwarenessScore}
            onChange={set('selfAwarenessScore')}
          />
        </S.Scores>
      </S.Group>

      <S.Submit>
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Reflection'}
        </Button>
      </S.Submit>
    </S.Form>
  );
}
