/**
 * After day 90 (docs/product/screens.md#after-day-90): in place of the daily form, the member's
 * totals (reflections, times paused, better responses, computed by the contract's dashboard
 * figures, and the level), 'Download my data', and the choice to keep the daily reflection e-mail
 * or stop the e-mails (docs/product/rules.md#after-day-90). The choice made is shown and may be changed.
 */
import { betterResponses, timesPaused, type AfterExperimentChoice, type Member } from '@prr/contract';
import { useId, type ReactNode } from 'react';
import { useChooseAfterExperiment, useReflections } from '../../../api';
import { useDownloadMyData } from '../../../api/myData';
import { Icon, levelContent, type IconName } from '../../../components/LevelsLadder';
import { Button, Skeleton, StatusMessage } from '../../../primitives';
import { Panel, TabSection } from '../TabSection';
import * as S from './CompletionScreen.styles';

export const CHOICES: Record<AfterExperimentChoice, { label: string; detail: string; chosen: string }> = {
  continue: {
    label: 'Keep my daily reflection e-mail',
    detail: 'A prompt each day at your reminder time, starting again from day 1.',
    chosen: 'You chose to keep the daily reflection e-mail. Its prompts start again from day 1.',
  },
  stop: {
    label: 'Stop the e-mails',
    detail: 'No more reminders. Your dashboard and your reflections stay here.',
    chosen: 'You chose to stop the e-mails. You can turn reminders back on in Settings at any time.',
  },
};

export const CHOICE_FAILED_MESSAGE = "We couldn't save your choice. Please try again.";
/** The same words as Settings' 'Your data' (MyData). */
export const DOWNLOAD_FAILED_MESSAGE = "We couldn't prepare your file just now. Please try again.";

export interface CompletionScreenProps {
  member: Member;
}

export function CompletionScreen({ member }: CompletionScreenProps) {
  const nextId = useId();
  const dataId = useId();
  const reflections = useReflections();
  const download = useDownloadMyData();
  const choose = useChooseAfterExperiment();
  const level = levelContent(member.peacemakerLevel);
  const list = reflections.data ?? [];
  const waiting = reflections.isPending;

  const totals: { icon: IconName; label: string; value: ReactNode; fromReflections: boolean }[] = [
    { icon: 'calendar', label: 'Reflections', value: list.length, fromReflections: true },
    { icon: 'pause', label: 'Times Paused', value: timesPaused(list), fromReflections: true },
    { icon: 'message', label: 'Better Responses', value: betterResponses(list), fromReflections: true },
    { icon: level.icon, label: 'Peacemaker Level', value: level.title, fromReflections: false },
  ];

  const pick = (choice: AfterExperimentChoice) => choose.mutate({ body: { choice } });

  return (
    <TabSection
      title="You completed the 90-Day Experiment!"
      lead="Ninety days of pausing, reflecting and retrying. Thank you for practising with us: here is what you did."
    >
      <S.Totals aria-label="Your 90 days in numbers">
        {totals.map((total) => (
          <S.Total key={total.label}>
            <S.TotalIcon>
              <Icon name={total.icon} />
            </S.TotalIcon>
            <S.TotalValue>
              {waiting && total.fromReflections ? (
                <>
                  <Skeleton $height="2rem" $width="3rem" />
                  <span className="visually-hidden">Loading</span>
                </>
              ) : reflections.isError && total.fromReflections ? (
                '–'
              ) : (
                total.value
              )}
            </S.TotalValue>
            <S.TotalLabel>{total.label}</S.TotalLabel>
          </S.Total>
        ))}
      </S.Totals>
      {reflections.isError ? (
        <StatusMessage kind="error" onRetry={() => void reflections.refetch()}>
          We couldn&apos;t load your reflections, so your totals are missing for now.
        </StatusMessage>
      ) : null}

      <S.Columns>
        <Panel as="section" aria-labelledby={nextId}>
          <S.PanelTitle id={nextId}>What next?</S.PanelTitle>
          <S.PanelLead>
            The practice does not have to stop at day 90. Choose what your inbox gets from now on.
          </S.PanelLead>
          <S.Choices>
            {(Object.keys(CHOICES) as AfterExperimentChoice[]).map((choice) => {
              const chosen = member.afterExperiment === choice;
              const saving = choose.isPending && choose.variables?.body.choice === choice;
              return (
                <S.Choice key={choice} $chosen={chosen}>
                  <Button
                    variant={chosen ? 'primary' : 'secondary'}
                    aria-pressed={chosen}
                    disabled={choose.isPending}
                    onClick={() => pick(choice)}
                  >
                    {chosen ? <span aria-hidden="true">✓</span> : null}
                    {saving ? 'Saving...' : CHOICES[choice].label}
                  </Button>
                  <S.ChoiceDetail>{CHOICES[choice].detail}</S.ChoiceDetail>
                </S.Choice>
              );
            })}
          </S.Choices>
          <S.ChoiceStatus role="status">
            {member.afterExperiment ? CHOICES[member.afterExperiment].chosen : null}
          </S.ChoiceStatus>
          {choose.isError ? <S.Failure role="alert">{CHOICE_FAILED_MESSAGE}</S.Failure> : null}
        </Panel>

        <Panel as="section" aria-labelledby={dataId}>
          <S.PanelTitle id={dataId}>Your data</S.PanelTitle>
          <S.PanelLead>
            Everything we store about you, as one file: your profile, reflections, achievements, ripple effects, stories
            and e-mail settings.
          </S.PanelLead>
          <div>
            <Button variant="secondary" onClick={download.download} disabled={download.isPending}>
              {download.isPending ? 'Preparing your file...' : 'Download my data'}
            </Button>
          </div>
          {download.error ? <S.Failure role="alert">{DOWNLOAD_FAILED_MESSAGE}</S.Failure> : null}
        </Panel>
      </S.Columns>
    </TabSection>
  );
}
