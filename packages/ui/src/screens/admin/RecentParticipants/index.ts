export { RecentParticipants, formatJoinDate } from './RecentParticipants';
