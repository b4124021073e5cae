/**
 * Settings (docs/product/screens.md#settings): the daily reminder e-mail and the member's time
 * zone, and their data. The reminder time only matters while reminders are on, so it is shown only
 * then; the time zone also decides when the member's day changes, so it is always shown. While
 * reminders are off, a warning says what the member will miss. Below: 'Your data', and 'Sign out
 * everywhere' for every device and e-mailed link.
 */
import type { EmailSettings, Member } from '@prr/contract';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useUpdateEmailSettings } from '../../../../api';
import { Icon } from '../../../../components/LevelsLadder';
import { Button, Select, Switch, toast } from '../../../../primitives';
import { media } from '../../../../theme';
import { requireMember } from '../../memberRequired';
import { MyData } from '../../MyData';
import { SignOutEverywhere } from '../../SignOutEverywhere';
import { Panel, TabSection } from '../../TabSection';
import { REMINDER_TIME_OPTIONS, TIMEZONE_OPTIONS, toTimezone } from './reminderOptions';

export interface SettingsTabProps {
  member: Member;
}

export function SettingsTab({ member }: SettingsTabProps) {
  const [settings, setSettings] = useState<EmailSettings>({
    emailReminders: member.emailReminders,
    reminderTime: member.reminderTime,
    timezone: member.timezone,
  });
  const update = useUpdateEmailSettings();
  const failure = { title: 'Something went wrong', description: 'Please try again.', variant: 'destructive' } as const;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      // Throws 'Member not found' before any request when there is no member (the product's error catalogue);
      // the settings saved are the signed-in member's.
      requireMember(member);
      update.mutate(
        { body: settings },
        {
          onSuccess: () =>
            toast({ title: 'Settings updated! ⚙️', description: 'Your email preferences have been saved.' }),
          onError: () => toast(failure),
        },
      );
    } catch {
      toast(failure);
    }
  };

  return (
    <TabSection
      title="Settings"
      lead="Choose when your daily reflection reminder arrives, or pause reminders for a while. Your time zone and your data are here too."
    >
      <Form onSubmit={submit} aria-label="Email reminder settings">
        <Panel>
          <Switch
            label="Daily email reminders"
            description="A short e-mail with the day's prompt, at the time you choose."
            checked={settings.emailReminders}
            onCheckedChange={(emailReminders) => setSettings((s) => ({ ...s, emailReminders }))}
          />
          <Choices>
            {settings.emailReminders ? (
              <Select
                label="Reminder time"
                value={settings.reminderTime}
                onValueChange={(reminderTime) => setSettings((s) => ({ ...s, reminderTime }))}
                options={REMINDER_TIME_OPTIONS}
              />
            ) : null}
            <Zone $wide={!settings.emailReminders}>
              <Select
                label="Time zone"
                value={settings.timezone}
                onValueChange={(value) => {
                  const timezone = toTimezone(value);
                  if (timezone) setSettings((s) => ({ ...s, timezone }));
                }}
                options={TIMEZONE_OPTIONS}
              />
              <small>Your day changes at midnight here, and reminders follow its clock.</small>
            </Zone>
          </Choices>
        </Panel>

        {!settings.emailReminders ? (
          <Warning role="note" aria-labelledby="reminders-off-title">
            <Icon name="alert" size="1.5rem" />
            <div>
              <h3 id="reminders-off-title">Email Reminders Disabled</h3>
              <p>
                You won&apos;t receive your daily reflection e-mails. You can still reflect here each day, and turn
                reminders back on whenever you like.
              </p>
            </div>
          </Warning>
        ) : null}

        <Actions>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </Actions>
      </Form>
      <MyData member={member} />
      <SignOutEverywhere />
    </TabSection>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 40rem;
`;

const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  ${media.sm} {
    grid-template-columns: 1fr 1.5fr;
  }
`;

/** Alone (reminders off) the zone takes the whole row. */
const Zone = styled.div<{ $wide: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  max-width: ${({ $wide }) => ($wide ? '24rem' : 'none')};
  small {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Warning = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: #fff7e0;
  border: 1px solid #f5c451;
  > svg {
    color: #8a5a00;
    margin-top: 0.15rem;
  }
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;
