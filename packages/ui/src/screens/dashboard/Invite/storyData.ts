/** The invite card's story data: a fixed code (the mocks make a random one per member) and its link. */
import { INVITE_PARAM } from '@prr/contract';
import { dashboardAnswer } from '@prr/mocks';

export const INVITE_CODE = 'jordan-R1vera';

/** The dashboard's answer gives Jordan's fixed code with this many friends joined. */
export const inviteAnswer = (friendsJoined: number) =>
  dashboardAnswer((dashboard) => ({ ...dashboard, invite: { code: INVITE_CODE, friendsJoined } }));

/** The link the card shows and copies, in whatever origin the story runs. */
export const storyInviteLink = () => `${window.location.origin}/experiment?${INVITE_PARAM}=${INVITE_CODE}`;
