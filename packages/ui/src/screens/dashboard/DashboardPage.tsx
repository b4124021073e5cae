/**
 * /dashboard (SPEC.md section 2): e-mail entry, then loading, then the dashboard or Member Not
 * Found. The e-mail is kept for the browser session, so a reload goes straight to the dashboard.
 */
import { useDashboardMember } from '../../api';
import { useMemberEmail } from '../../hooks/useMemberEmail';
import { Page } from '../../primitives';
import { DashboardLoading } from './DashboardLoading';
import { EmailEntry } from './EmailEntry';
import { MemberDashboard } from './MemberDashboard';
import { MemberNotFound } from './MemberNotFound';

export function DashboardPage() {
  const { email, remember, forget } = useMemberEmail();
  // No e-mail, no request: the read waits for its key (SPEC.md section 7).
  const member = useDashboardMember(email ?? undefined);

  return (
    <Page>
      {email === null ? (
        <EmailEntry onSubmit={remember} />
      ) : member.data ? (
        // Kept on screen when a later refresh (e.g. after a save) fails: the data is still good.
        <MemberDashboard member={member.data} />
      ) : member.isError ? (
        // Any failed lookup, not only a 404, lands here (SPEC.md section 8).
        <MemberNotFound onTryDifferentEmail={forget} />
      ) : (
        <DashboardLoading />
      )}
    </Page>
  );
}
