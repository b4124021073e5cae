export { AccountBar, type AccountBarProps, type SignOutIntent } from './AccountBar';
