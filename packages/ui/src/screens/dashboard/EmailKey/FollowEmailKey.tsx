/**
 * What following an e-mail's key does (docs/product/screens.md#following-an-e-mail-link,
 * docs/decisions/025-e-mail-key-flow.md). The page first asks whose key it is, which uses nothing
 * up, then:
 * - this browser is already signed in as the key's owner: the dashboard just opens, and the key is
 *   used without a press (only a browser holding the member's session gets here, never a mail
 *   scanner), so the welcome's Confirm still proves the address the daily reminders wait for;
 * - nobody is signed in: 'Open my dashboard', whose press uses the key;
 * - someone else is signed in: the page asks before it switches;
 * - the key expired, was used or revoked: the server's message, with the e-mail entry when
 *   nobody is signed in (a toast on the signed-in member's dashboard otherwise).
 */
import type { Member } from '@prr/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { isRateLimited, rateLimitMessage, useSignInWithLink } from '../../../api';
import { useCheckSignInLink } from '../../../api/emailKey';
import { StatusMessage, toast } from '../../../primitives';
import { DashboardLoading } from '../DashboardLoading';
import { CenteredScreen } from '../EmailEntry';
import { firstNameOf } from '../firstName';
import { fieldMessage } from '../signInErrors';
import { OpenDashboard } from './OpenDashboard';
import { SwitchMember } from './SwitchMember';

export interface FollowEmailKeyProps {
  emailKey: string;
  /** Who is signed in on this browser (GET /api/me; null: nobody). */
  me: UseQueryResult<Member | null>;
  /**
   * Done with the key: the dashboard page shows whoever is signed in now, or the e-mail entry with
   * `expired` (the server's words) when the key no longer works and nobody is.
   */
  onDone: (expired?: string) => void;
}

const TRY_AGAIN = { title: 'Something went wrong', description: 'Please try again.', variant: 'destructive' } as const;

export function FollowEmailKey({ emailKey, me, onDone }: FollowEmailKeyProps) {
  const check = useCheckSignInLink(emailKey);
  const use = useSignInWithLink();
  const signedIn = me.data ?? null;
  const expired = check.isError ? fieldMessage(check.error, 'token') : undefined;
  const sameMember = check.data?.sameMember === true;
  const settled = me.isSuccess && (check.isSuccess || expired !== undefined);

  const { mutate, isIdle } = use;
  const open = useCallback(
    () =>
      mutate(
        { body: { token: emailKey } },
        {
          onSuccess: () => onDone(),
          onError: (failure) => {
            const message = fieldMessage(failure, 'token');
            if (message === undefined) toast(TRY_AGAIN);
            else if (signedIn) {
              toast({ title: 'This link no longer works', description: message, variant: 'destructive' });
              onDone();
            } else onDone(message);
          },
        },
      ),
    [mutate, emailKey, onDone, signedIn],
  );

  useEffect(() => {
    if (!settled) return;
    if (expired !== undefined) {
      // Someone is signed in here: their dashboard stays, and the toast says why the link did nothing.
      if (signedIn) toast({ title: 'This link no longer works', description: expired, variant: 'destructive' });
      onDone(signedIn ? undefined : expired);
    } else if (sameMember && isIdle) open();
  }, [settled, expired, sameMember, signedIn, onDone, isIdle, open]);

  if (me.isError || (check.isError && expired === undefined)) {
    const failure = check.error ?? me.error;
    return (
      <CenteredScreen>
        <h1 className="visually-hidden">Your Dashboard</h1>
        <StatusMessage
          kind="error"
          onRetry={() => {
            if (me.isError) void me.refetch();
            if (check.isError) void check.refetch();
          }}
        >
          {isRateLimited(failure)
            ? rateLimitMessage(failure)
            : "We couldn't check your link just now. Please try again in a moment."}
        </StatusMessage>
      </CenteredScreen>
    );
  }
  if (!settled || !check.data || sameMember) return <DashboardLoading />;
  if (!signedIn) return <OpenDashboard firstName={check.data.firstName} onOpen={open} pending={use.isPending} />;
  return (
    <SwitchMember
      signedInAs={firstNameOf(signedIn.name)}
      keyOwner={check.data.firstName}
      onContinue={open}
      onStay={() => onDone()}
      pending={use.isPending}
    />
  );
}
