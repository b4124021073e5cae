/** The member's invite link: its code and how many friends joined through it (invites.ts's rules). */
import { api } from '@prr/contract';
import { inviteInfo } from '@prr/domain';
import { handle } from '../contractHandler.js';
import { signedIn } from '../session.js';
import { mockStore } from '../store.js';

export const inviteHandlers = [handle(api.invite, ({ memberId }) => inviteInfo(mockStore, signedIn(memberId)))];
