export { ParticipantsPage } from './ParticipantsPage';
