/**
 * Today's Reflection: the day's prompt card and the reflection form, opened on today's saved
 * reflection when there is one. Both come with the dashboard's one answer (useDashboardPart). The
 * form waits for it: shown before, it would start empty and then jump to the saved entry, or drop
 * what the member had begun.
 */
import type { Member, Reflection } from '@prr/contract';
import { useDashboardPart } from '../../../../api';
import { Icon } from '../../../../components/LevelsLadder';
import { QueryView } from '../../../../components/QueryView';
import { Button, Skeleton } from '../../../../primitives';
import { useOpenTab } from '../../MemberDashboard/openTab';
import { TabSection } from '../../TabSection';
import { PromptCard } from './PromptCard';
import { ReflectionForm } from './ReflectionForm';
import * as S from './ReflectionTab.styles';
import { formatSavedTime } from './savedAt';

export interface ReflectionTabProps {
  member: Member;
}

export function ReflectionTab({ member }: ReflectionTabProps) {
  const prompt = useDashboardPart((dashboard) => dashboard.prompt);
  const today = useDashboardPart((dashboard) => dashboard.today);
  return (
    <TabSection
      title="Today's Reflection"
      lead="Take five quiet minutes with today's prompt. There are no wrong answers."
    >
      {/* Always in the page, so a screen reader hears the time change after a save. */}
      <S.SavedToday role="status">{today.data ? <SavedToday member={member} saved={today.data} /> : null}</S.SavedToday>
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
            // The prompt and today's entry come in one answer: its failure is told once, by the form.
            error={null}
          >
            {(today) => <PromptCard prompt={today} />}
          </QueryView>
        </S.PromptColumn>
        <QueryView
          query={today}
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
          {(saved) => <ReflectionForm member={member} prompt={prompt.data} saved={saved ?? undefined} />}
        </QueryView>
      </S.Layout>
    </TabSection>
  );
}

/**
 * Once today's entry is saved, the first screen says so and offers the other tabs: the day's work
 * is done, and this is where to look at what the days add up to.
 */
function SavedToday({ member, saved }: { member: Member; saved: Reflection }) {
  const openTab = useOpenTab();
  return (
    <>
      <Icon name="calendar" size="1.25rem" />
      <div>
        <p>
          <strong>Saved today at {formatSavedTime(saved.savedAt, member.timezone)}</strong>
        </p>
        {openTab ? (
          <S.OtherTabs>
            <Button size="sm" variant="secondary" onClick={() => openTab('progress')}>
              Your progress
            </Button>
            <Button size="sm" variant="secondary" onClick={() => openTab('achievements')}>
              Your achievements
            </Button>
          </S.OtherTabs>
        ) : null}
      </div>
    </>
  );
}
