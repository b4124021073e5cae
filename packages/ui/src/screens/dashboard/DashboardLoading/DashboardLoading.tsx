/**
 * Screen 2 of the dashboard: the member lookup is on its way. It is also what the prerendered
 * /dashboard holds (docs/decisions/018-prerendered-public-pages.md): every visitor, signed in or
 * not, first sees this, never the e-mail form. The page's heading is there for screen readers and
 * search engines until the screen that follows brings its own.
 */
import { StatusMessage } from '../../../primitives';
import { CenteredScreen } from '../EmailEntry/EmailEntry.styles';

export function DashboardLoading() {
  return (
    <CenteredScreen>
      <h1 className="visually-hidden">Your Dashboard</h1>
      <StatusMessage kind="loading">Loading your dashboard...</StatusMessage>
    </CenteredScreen>
  );
}
