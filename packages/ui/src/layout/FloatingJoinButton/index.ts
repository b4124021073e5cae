export { FloatingJoinButton, FLOATING_BUTTON_THRESHOLD } from './FloatingJoinButton';
