export { SignedOutDashboard, SignedOutDashboardIsland, SignedOutDashboardPage } from './SignedOutDashboard';
export { NO_ARRIVAL, useKeyArrival, type Arrival } from './useKeyArrival';
