/** Screen 2 of the dashboard: the member lookup is on its way. */
import { StatusMessage } from '../../../primitives';
import { CenteredScreen } from '../EmailEntry/EmailEntry.styles';

export function DashboardLoading() {
  return (
    <CenteredScreen>
      <StatusMessage kind="loading">Loading your dashboard...</StatusMessage>
    </CenteredScreen>
  );
}
