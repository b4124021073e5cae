export { AdminStats } from './AdminStats';
