/**
 * Today's Reflection: the day's prompt card and the reflection form, opened on today's saved
 * reflection when there is one. The form waits for the member's reflections: shown before them, it
 * would start empty and then jump to the saved entry, or drop what the member had begun.
 */
import type { Member, Reflection } from '@prr/contract';
import { useReflectionPrompt, useReflections } from '../../../../api';
import { QueryView } from '../../../../components/QueryView';
import { Skeleton } from '../../../../primitives';
import { TabSection } from '../../TabSection';
import { PromptCard } from './PromptCard';
import { ReflectionForm } from './ReflectionForm';
import * as S from './ReflectionTab.styles';

export interface ReflectionTabProps {
  member: Member;
}

/** Today's entry: the reflection of the member's current day, if saved. */
export function todaysReflection(reflections: readonly Reflection[], member: Pick<Member, 'currentDay'>) {
  return reflections.find((reflection) => reflection.day === member.currentDay);
}

export function ReflectionTab({ member }: ReflectionTabProps) {
  const prompt = useReflectionPrompt(member);
  const reflections = useReflections();
  return (
    <TabSection
      title="Today's Reflection"
      lead="Take five quiet minutes with today's prompt. There are no wrong answers."
    >
      <S.Layout>
        <S.PromptColumn>
          <QueryView
            query={prompt}
            loading={
              <S.PromptPlaceholder role="status">
                <span className="visually-hidden">Loading today&apos;s prompt...</span>
                <Skeleton $height="1.5rem" $width="40%" />
                <Skeleton $height="2rem" $width="70%" />
                <Skeleton $height="4.5rem" />
              </S.PromptPlaceholder>
            }
            error="We couldn't load today's prompt. You can still record your reflection."
          >
            {(today) => <PromptCard prompt={today} />}
          </QueryView>
        </S.PromptColumn>
        <QueryView
          query={reflections}
          loading={
            <S.FormPlaceholder role="status">
              <span className="visually-hidden">Loading today&apos;s reflection...</span>
              <Skeleton $height="9rem" />
              <Skeleton $height="12rem" />
              <Skeleton $height="12rem" />
            </S.FormPlaceholder>
          }
          error="We couldn't load today's reflection. Try again to see and change it."
          // A refresh after a save that fails leaves the entry that was shown.
          keepDataOnRefetchError
        >
          {(list) => <ReflectionForm member={member} prompt={prompt.data} saved={todaysReflection(list, member)} />}
        </QueryView>
      </S.Layout>
    </TabSection>
  );
}
