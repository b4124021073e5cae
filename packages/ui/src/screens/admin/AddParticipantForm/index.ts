export { AddParticipantForm } from './AddParticipantForm';
