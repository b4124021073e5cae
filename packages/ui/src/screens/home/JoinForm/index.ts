export { JoinForm } from './JoinForm';
