/**
 * The member's own data: 'Download my data' (with the server's download headers) and its daily
 * figures as CSV, 'Delete my account' (which ends the session, as on the server) and the choice
 * after day 90.
 */
import { api, myDailyFiguresExport } from '@prr/contract';
import {
  MEMBER_EXPORT_HEADERS,
  chooseAfterExperiment,
  dailyFiguresCsv,
  deleteAccount,
  listReflections,
  memberExport,
} from '@prr/domain';
import { handle, reply } from '../contractHandler.js';
import { csvExportHandler } from '../lib/csvExport.js';
import { mockDb } from '../db.js';
import { endMemberSession, forgetMember, signedIn } from '../session.js';
import { mockStore } from '../store.js';

export const memberDataHandlers = [
  csvExportHandler(myDailyFiguresExport, {}, async (_url, memberId) =>
    dailyFiguresCsv(await listReflections(mockStore, signedIn(memberId))),
  ),
  handle(api.exportMyData, async ({ memberId }) =>
    reply(await memberExport(mockStore, signedIn(memberId), mockDb.now()), { headers: { ...MEMBER_EXPORT_HEADERS } }),
  ),
  handle(api.deleteAccount, async ({ memberId, cookies }) => {
    const id = signedIn(memberId);
    const answer = await deleteAccount(mockStore, id);
    forgetMember(id);
    return reply(answer, { headers: { 'Set-Cookie': endMemberSession(cookies) } });
  }),
  handle(api.chooseAfterExperiment, ({ memberId, body }) =>
    chooseAfterExperiment(mockStore, signedIn(memberId), body.choice, mockDb.now()),
  ),
];
