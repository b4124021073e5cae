export { EditParticipantDialog } from './EditParticipantDialog';
