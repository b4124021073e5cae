/**
 * /dashboard for a browser with no member session (docs/decisions/033-one-request-dashboard.md): the
 * server answers it with a static page, whose one island is the sign-in steps. The e-mail entry, the
 * code, and an e-mail's key ('Open my dashboard') work here as on the client app's dashboard; once
 * the browser is signed in, /dashboard loads again, and the server answers with the member's page.
 *
 * The server chose this page because nobody is signed in here, so the island's queries start from
 * that (presetSignedOut): it asks nothing until the visitor acts, and a 401 is never logged.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMe } from '../../../api/hooks';
import { presetSignedOut } from '../../../api/signedOutPage';
import { Island } from '../../../islands/Island';
import { withQueries } from '../../../islands/withQueries';
import { withToasts } from '../../../islands/withToasts';
import { loadPage } from '../../../navigation/SiteNavigation';
import { paths } from '../../../config';
import { Page } from '../../../primitives';
import { DashboardLoading } from '../DashboardLoading';
import { FollowEmailKey } from '../EmailKey';
import { SignInFlow } from '../SignInFlow';
import { useKeyArrival } from './useKeyArrival';

export function SignedOutDashboard() {
  const queryClient = useQueryClient();
  useState(() => presetSignedOut(queryClient));
  const me = useMe();
  const { emailKey, keyDone, arrival } = useKeyArrival();
  const signedIn = Boolean(me.data);

  useEffect(() => {
    if (signedIn) loadPage(paths.dashboard);
  }, [signedIn]);

  if (signedIn) return <DashboardLoading />;
  return emailKey !== null ? (
    <FollowEmailKey emailKey={emailKey} me={me} onDone={keyDone} />
  ) : (
    <SignInFlow {...arrival} />
  );
}

/**
 * The island's root: the sign-in steps with a query client of their own (islands/withQueries.tsx),
 * and the toast region their messages show in (a blank address, a failed request).
 */
export const SignedOutDashboardIsland = withToasts(withQueries(SignedOutDashboard));

/** The static page the build writes for the signed-out /dashboard. */
export function SignedOutDashboardPage() {
  return (
    <Page>
      {/* Once the page is idle: the form is the page, and an address typed before is kept (EmailEntry). */}
      <Island component={SignedOutDashboard} load="idle" />
    </Page>
  );
}
