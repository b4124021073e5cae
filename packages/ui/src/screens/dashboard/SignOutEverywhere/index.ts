export { SignOutEverywhere } from './SignOutEverywhere';
