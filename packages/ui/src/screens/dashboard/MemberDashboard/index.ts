export { MemberDashboard, DASHBOARD_TABS, type MemberDashboardProps, type DashboardTab } from './MemberDashboard';
