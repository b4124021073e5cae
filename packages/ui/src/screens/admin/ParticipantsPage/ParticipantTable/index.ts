export { ParticipantTable } from './ParticipantTable';
