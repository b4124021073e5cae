/**
 * /dashboard (docs/decisions/005-member-sign-in.md). The member's session cookie says who is signed in
 * (GET /api/me/dashboard, which answers the first screen with it): while that is asked, 'Loading
 * your dashboard...', never the e-mail form; then the dashboard, or for a browser nobody is signed
 * in on, the sign-in steps (SignInFlow).
 *
 * E-mails link here with a key in the fragment (`#key=`): the page takes it out of the address at
 * once and asks before it uses it (FollowEmailKey, docs/decisions/025-e-mail-key-flow.md).
 */
import { useState } from 'react';
import { isUnauthenticated, useSignOut, useSignedInMember, useSignedOutOn401 } from '../../api';
import { QueryView } from '../../components/QueryView';
import { Page, StatusMessage, toast } from '../../primitives';
import type { SignOutIntent } from './AccountBar';
import { DashboardLoading } from './DashboardLoading';
import { CenteredScreen } from './EmailEntry';
import { FollowEmailKey } from './EmailKey';
import { MemberDashboard } from './MemberDashboard';
import { NO_ARRIVAL, useKeyArrival, type Arrival } from './SignedOut/useKeyArrival';
import { SignInFlow } from './SignInFlow';

/** How the e-mail entry greets whoever comes next, after a sign-out. */
const ARRIVAL_AFTER: Record<SignOutIntent, Arrival> = {
  signOut: { notice: 'You have signed out. See you next time.', focusOnArrival: 'heading' },
  differentEmail: { focusOnArrival: 'field' },
};

export function DashboardPage() {
  useSignedOutOn401();
  const { emailKey, keyDone, arrival, setArrival } = useKeyArrival();
  // One request answers who is signed in and the whole first screen (docs/decisions/033-one-request-dashboard.md).
  const me = useSignedInMember();
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState<SignOutIntent | null>(null);

  if (me.data && arrival !== NO_ARRIVAL) setArrival(NO_ARRIVAL);

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
      {emailKey !== null ? (
        <FollowEmailKey emailKey={emailKey} me={me} onDone={keyDone} />
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
