/** Today's Reflection: the day's prompt card and the reflection form. */
import type { Member } from '@prr/contract';
import { useReflectionPrompt } from '../../../../api';
import { QueryView } from '../../../../components/QueryView';
import { Skeleton } from '../../../../primitives';
import { TabSection } from '../../TabSection';
import { PromptCard } from './PromptCard';
import { ReflectionForm } from './ReflectionForm';
import * as S from './ReflectionTab.styles';

export interface ReflectionTabProps {
  member: Member;
}

export function ReflectionTab({ member }: ReflectionTabProps) {
  const prompt = useReflectionPrompt(member);
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
        <ReflectionForm member={member} prompt={prompt.data} />
      </S.Layout>
    </TabSection>
  );
}
