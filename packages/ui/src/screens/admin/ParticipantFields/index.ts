export { ParticipantFields, PARTICIPANT_FIELDS } from './ParticipantFields';
