export {
  MemberDashboard,
  DASHBOARD_TABS,
  COMPLETED_TABS,
  type MemberDashboardProps,
  type DashboardTab,
} from './MemberDashboard';
