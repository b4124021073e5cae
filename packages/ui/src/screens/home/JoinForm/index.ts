export { JoinForm, JoinFormIsland } from './JoinForm';
