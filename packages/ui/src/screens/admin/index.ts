/** The admin area: sign-in at /admin/login and the dashboard at /admin. */
export { AdminLoginPage } from './AdminLoginPage';
export { AdminDashboardPage } from './AdminDashboardPage';
