export { InviteCard, inviteLink, friendsJoinedText, COPY_REFUSED_MESSAGE } from './InviteCard';
