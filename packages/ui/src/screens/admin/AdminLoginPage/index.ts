export { AdminLoginPage } from './AdminLoginPage';
