/**
 * The admin area: sign-in at /admin/login, the dashboard at /admin, every participant at
 * /admin/participants, the members' stories for review at /admin/stories, what the 90 days show at
 * /admin/insights and the admin's own actions at /admin/activity.
 */
export { AdminLoginPage } from './AdminLoginPage';
export { AdminDashboardPage } from './AdminDashboardPage';
export { ParticipantsPage } from './ParticipantsPage';
export { StoriesPage } from './StoriesPage';
export { ActivityPage } from './ActivityPage';
export { InsightsPage } from './InsightsPage';
