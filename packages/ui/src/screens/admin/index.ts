/** The admin area: sign-in at /admin/login, the dashboard at /admin and every participant at /admin/participants. */
export { AdminLoginPage } from './AdminLoginPage';
export { AdminDashboardPage } from './AdminDashboardPage';
export { ParticipantsPage } from './ParticipantsPage';
