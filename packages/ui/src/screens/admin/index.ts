/**
 * The admin area: sign-in at /admin/login, the dashboard at /admin, every participant at
 * /admin/participants and the members' stories for review at /admin/stories.
 */
export { AdminLoginPage } from './AdminLoginPage';
export { AdminDashboardPage } from './AdminDashboardPage';
export { ParticipantsPage } from './ParticipantsPage';
export { StoriesPage } from './StoriesPage';
