import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { findMemberByEmail, toDashboardMember } from '../db.js';
import { fail } from '../errors.js';

export const dashboardHandlers = [
  handle(api.dashboardMember, ({ params }) => {
    const member = findMemberByEmail(params.email) ?? fail('not_found', 'Member not found');
    return toDashboardMember(member);
  }),
];
