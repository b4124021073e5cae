export { DeleteParticipantDialog } from './DeleteParticipantDialog';
