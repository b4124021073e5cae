export { DashboardOverview, type DashboardOverviewProps } from './DashboardOverview';
