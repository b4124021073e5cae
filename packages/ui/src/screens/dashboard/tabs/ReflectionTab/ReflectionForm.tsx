/**
 * The daily reflection form (docs/product/screens.md#todays-reflection). Saving sends every field with the day's
 * prompt; on success the form goes back to REFLECTION_DEFAULTS for the next entry. Until then the
 * member's draft is kept for the browser session (useDraft): another tab, a reload or a failed save
 * loses nothing.
 */
import {
  MAX_COMPLETED_EXERCISES,
  REFLECTION_DEFAULTS,
  ReflectionFields,
  type Member,
  type ReflectionPrompt,
} from '@prr/contract';
import { useId, type FormEvent } from 'react';
import { useSaveReflection } from '../../../../api';
import { useDraft } from '../../../../hooks/useDraft';
import { Button, Label, Switch, TextArea, toast } from '../../../../primitives';
import { CountField } from '../../CountField';
import { buildReflectionRequest, completedExercises } from './reflectionRequest';
import { ScoreSlider } from './ScoreSlider';
import * as S from './ReflectionTab.styles';

export interface ReflectionFormProps {
  member: Member;
  /** Undefined while the prompt loads or when it could not be loaded; the form still works. */
  prompt: ReflectionPrompt | undefined;
}

const failure = { title: 'Something went wrong', description: 'Please try again.', variant: 'destructive' } as const;

/** A kept draft from an older version of the form no longer parses and is dropped. */
const parseDraft = (stored: unknown) => ReflectionFields.safeParse(stored).data;

export function ReflectionForm({ member, prompt }: ReflectionFormProps) {
  const draft = useDraft(`reflection.${member.id}`, REFLECTION_DEFAULTS, parseDraft);
  const fields = draft.value;
  const save = useSaveReflection();
  const ids = { response: useId(), notes: useId() };

  const set =
    <K extends keyof ReflectionFields>(key: K) =>
    (value: ReflectionFields[K]) =>
      draft.update((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      // Throws 'Member not found' before any request when there is no member (docs/product/screens.md#errors-without-a-member).
      const body = buildReflectionRequest(member, fields, prompt);
      // mutateAsync, not mutate's callbacks: those are dropped when the member switches tabs while
      // saving, and the saved draft would come back.
      save.mutateAsync({ body }).then(
        () => {
          toast({ title: 'Reflection saved! ✨', description: 'Your daily progress has been recorded.' });
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
      <S.Group>
        <S.Legend>Pause. Reflect. Retry.</S.Legend>
        <S.Hint>Which steps did you manage today? Even one counts.</S.Hint>
        <Switch label="I paused before reacting" checked={fields.paused} onCheckedChange={set('paused')} />
        <Switch label="I reflected on what happened" checked={fields.reflected} onCheckedChange={set('reflected')} />
        <Switch
          label="I tried again with a better response"
          checked={fields.retried}
          onCheckedChange={set('retried')}
        />
      </S.Group>

      <S.Group>
        <S.Legend>How did today go?</S.Legend>
        <ScoreSlider label="Mood" value={fields.mood} onChange={set('mood')} low="Heavy" high="Light" />
        <S.Counts>
          <CountField
            label="Conflicts today"
            name="conflictCount"
            value={fields.conflictCount}
            onChange={set('conflictCount')}
          />
          <CountField
            label="Better responses"
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
        <Switch
          label="Gratitude practice"
          description="Named something or someone you are thankful for."
          checked={fields.gratitudePractice}
          onCheckedChange={set('gratitudePractice')}
        />
        <Switch
          label="Breathing exercise"
          description="Took three slow breaths before answering."
          checked={fields.breathingExercise}
          onCheckedChange={set('breathingExercise')}
        />
        <Switch
          label="Perspective taking"
          description="Put the other side's view into their own words."
          checked={fields.perspectiveTaking}
          onCheckedChange={set('perspectiveTaking')}
        />
        <S.Exercises aria-live="polite">
          Exercises completed: {exercises} of {MAX_COMPLETED_EXERCISES}
        </S.Exercises>
      </S.Group>

      <S.Group>
        <S.Legend>Growth</S.Legend>
        <S.Scores>
          <ScoreSlider
            label="Empathy"
            value={fields.empathyScore}
            onChange={set('empathyScore')}
            low="Closed"
            high="Open"
          />
          <ScoreSlider
            label="Self-awareness"
            value={fields.selfAwarenessScore}
            onChange={set('selfAwarenessScore')}
            low="On autopilot"
            high="Fully present"
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
