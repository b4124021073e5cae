export { DashboardPage } from './DashboardPage';
export { SignedOutDashboardPage } from './SignedOut';
