export { DashboardLoading } from './DashboardLoading';
