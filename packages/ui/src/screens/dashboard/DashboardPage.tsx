/**
 * /dashboard (docs/decisions/005-member-sign-in.md). The member's session cookie says who is signed in (GET /api/me):
 * while that is asked, 'Loading your dashboard...', never the e-mail form; then the dashboard, or
 * for a browser nobody is signed in on, the sign-in steps (SignInFlow).
 *
 * E-mails link here with a token: `?signin=` (the sign-in e-mail's one-time link) or `?key=` (the
 * welcome and daily e-mails' signed link). The page signs in with it, then drops it from the
 * address (replacing the history entry, so Back does not use it again); a link that no longer
 * works leaves the e-mail entry saying so.
 */
import { SIGN_IN_MESSAGES } from '@prr/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isUnauthenticated, useMe, useSignInWithLink, useSignOut, useSignedOutOn401 } from '../../api';
import { QueryView } from '../../components/QueryView';
import { Page, StatusMessage, toast } from '../../primitives';
import type { SignOutIntent } from './AccountBar';
import { DashboardLoading } from './DashboardLoading';
import { CenteredScreen } from './EmailEntry';
import { MemberDashboard } from './MemberDashboard';
import { SignInFlow, type SignInFlowProps } from './SignInFlow';
import { fieldMessage } from './signInErrors';

/** The address parameters that carry an e-mail's sign-in token. */
const LINK_PARAMS = ['signin', 'key'] as const;

/** How the e-mail entry greets whoever comes next, after a sign-out or a failed link. */
type Arrival = Pick<SignInFlowProps, 'error' | 'notice' | 'focusOnArrival'>;
const NO_ARRIVAL: Arrival = {};
const ARRIVAL_AFTER: Record<SignOutIntent, Arrival> = {
  signOut: { notice: 'You have signed out. See you next time.', focusOnArrival: 'heading' },
  differentEmail: { focusOnArrival: 'field' },
};

export function DashboardPage() {
  useSignedOutOn401();
  const [params, setParams] = useSearchParams();
  const linkToken = LINK_PARAMS.map((name) => params.get(name)).find(Boolean) ?? null;
  const { mutateAsync: signInWithLink } = useSignInWithLink();
  const triedLink = useRef<string | null>(null);
  const [arrival, setArrival] = useState<Arrival>(NO_ARRIVAL);
  // While a link signs in, who was signed in before does not matter: the link decides.
  const me = useMe({ enabled: linkToken === null });
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState<SignOutIntent | null>(null);

  if (me.data && arrival !== NO_ARRIVAL) setArrival(NO_ARRIVAL);

  useEffect(() => {
    // Once per token: a one-time link must not be posted twice (Strict Mode runs effects twice).
    if (!linkToken || triedLink.current === linkToken) return;
    triedLink.current = linkToken;
    const dropToken = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of LINK_PARAMS) next.delete(name);
          return next;
        },
        { replace: true },
      );
    signInWithLink({ body: { token: linkToken } }).then(dropToken, (failure: unknown) => {
      setArrival({ error: fieldMessage(failure, 'token') ?? SIGN_IN_MESSAGES.linkExpired });
      dropToken();
    });
  }, [linkToken, setParams, signInWithLink]);

  const leave = (intent: SignOutIntent) => {
    setLeaving(intent);
    signOut.mutate(
      {},
      {
        onSuccess: () => setArrival(ARRIVAL_AFTER[intent]),
        onError: (failure) => {
          if (isUnauthenticated(failure)) setArrival(ARRIVAL_AFTER[intent]);
          else toast({ title: 'Something went wrong', description: 'Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Page>
      {linkToken !== null ? (
        <DashboardLoading />
      ) : (
        <QueryView
          query={me}
          loading={<DashboardLoading />}
          error={
            <CenteredScreen>
              <StatusMessage kind="error" onRetry={() => void me.refetch()}>
                We couldn&apos;t open your dashboard just now. Please try again in a moment.
              </StatusMessage>
            </CenteredScreen>
          }
          // Kept on screen when a later refresh (e.g. after a save) fails: the data is still good.
          keepDataOnRefetchError
        >
          {(member) =>
            member ? (
              <MemberDashboard member={member} onSignOut={leave} signingOut={signOut.isPending ? leaving : null} />
            ) : (
              <SignInFlow {...arrival} />
            )
          }
        </QueryView>
      )}
    </Page>
  );
}
