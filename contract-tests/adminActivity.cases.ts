/**
 * The contract suite's cases for the admin's Activity (docs/product/rules.md#security-events,
 * docs/product/api.md#admin): 401 without the admin's session, numbered pages newest first, an
 * action that appears once it is made, and the CSV export. Run by suite.ts against every target;
 * the target may hold actions of its own, so every case looks for what it did itself.
 */
import { expect } from 'vitest';
import { ADMIN_RECENT_MEMBERS, DEMO_ADMIN, adminActivityExport, api, type AdminActivity } from '@prr/contract';
import { ADMIN_ACTION_WORDS } from '@prr/domain';
import { VALIDATION_MESSAGES, asAdmin, row, type Case, type Flow, type World } from './world.js';

const ADMIN_SIGN_IN_NEEDED = { status: 401, code: 'unauthenticated' as const, message: 'Please sign in as the admin' };
const BOM = '\uFEFF';
const CSV_HEADER = 'When,What,Action,Participant,From\r\n';
const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The newest actions, enough to find what a case just did. */
async function newest(w: World, cookie: string): Promise<AdminActivity[]> {
  return (await w.ok(api.adminActivity, { cookie, query: { page: 1, pageSize: ADMIN_RECENT_MEMBERS } })).items;
}

async function addParticipant(w: World, cookie: string, name: string) {
  const email = w.email('activity');
  return {
    ...(await w.ok(api.addParticipant, { cookie, json: { name, email, state: 'TX', zipCode: '73301' } })),
    email,
  };
}

export const adminActivityCases: Case[] = [
  row(api.adminActivity, 'answers 401 without the admin session', () => ({}), ADMIN_SIGN_IN_NEEDED),
  row(
    api.adminActivity,
    'answers 401 with a made-up session',
    () => ({ cookie: 'prr_admin=made-up' }),
    ADMIN_SIGN_IN_NEEDED,
  ),
  row(api.adminActivity, 'answers a numbered page, newest first', (w) => asAdmin(w, { query: { pageSize: 10 } }), {
    status: 200,
    then: (page) => {
      expect(page.page).toBe(1);
      expect(page.pageSize).toBe(10);
      expect(page.items.length).toBeLessThanOrEqual(10);
      const times = page.items.map((item) => Date.parse(item.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    },
  }),
  row(api.adminActivity, 'refuses page 0', (w) => asAdmin(w, { query: { page: 0 } }), {
    status: 400,
    code: 'validation_failed',
    message: VALIDATION_MESSAGES.query,
    exactFields: { page: ['Page must be a whole number from 1'] },
  }),
];

export const adminActivityFlows: Flow[] = [
  {
    title: 'an edit appears as the newest action, with the participant by name and no e-mail or id',
    async run(w) {
      const cookie = await w.login();
      const added = await addParticipant(w, cookie, 'Riley Chen');
      await w.ok(api.updateParticipant, {
        cookie,
        params: { id: added.id },
        json: { name: 'Riley Park', state: 'TX', zipCode: '73301' },
      });
      const [edit, add] = await newest(w, cookie);
      expect(edit).toMatchObject({ action: 'participant.edit', participant: { name: 'Riley Park' } });
      expect(add).toMatchObject({ action: 'participant.add', participant: { name: 'Riley Chen' } });
      expect(edit?.network).toEqual(expect.any(String));
      expect(JSON.stringify([edit, add])).not.toContain(added.email);
      expect(JSON.stringify([edit, add])).not.toContain(DEMO_ADMIN.email);
    },
  },
  {
    title: 'pages hold pageSize actions; the total counts them all; a page past the last is empty',
    async run(w) {
      const cookie = await w.login();
      for (let i = 0; i < ADMIN_RECENT_MEMBERS + 2; i += 1) await w.ok(api.recalculateStates, { cookie });
      const first = await w.ok(api.adminActivity, { cookie, query: { pageSize: ADMIN_RECENT_MEMBERS } });
      expect(first.total).toBeGreaterThanOrEqual(ADMIN_RECENT_MEMBERS + 2);
      expect(first.items).toHaveLength(ADMIN_RECENT_MEMBERS);
      expect(first.items.every((item) => item.action === 'map.update' && item.participant === null)).toBe(true);
      const second = await w.ok(api.adminActivity, { cookie, query: { page: 2, pageSize: ADMIN_RECENT_MEMBERS } });
      expect(second.total).toBe(first.total);
      expect(second.items.map((item) => item.id)).not.toEqual(expect.arrayContaining(first.items.map((i) => i.id)));
      const pastLast = Math.ceil(first.total / ADMIN_RECENT_MEMBERS) + 1;
      const empty = await w.ok(api.adminActivity, {
        cookie,
        query: { page: pastLast, pageSize: ADMIN_RECENT_MEMBERS },
      });
      expect(empty).toStrictEqual({ items: [], total: first.total, page: pastLast, pageSize: ADMIN_RECENT_MEMBERS });
    },
  },
  {
    title: 'the CSV export: 401 without the session; with it, a CSV attachment newest first that records itself',
    async run(w) {
      const refused = await fetch(w.target.baseUrl + adminActivityExport.path);
      expect(refused.status).toBe(401);

      const cookie = await w.login();
      const added = await addParticipant(w, cookie, 'Sam, "the Quiet" Lee');
      const res = await fetch(w.target.baseUrl + adminActivityExport.path, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(adminActivityExport.contentType);
      expect(res.headers.get('content-disposition')).toContain(adminActivityExport.filename);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
      expect(text.startsWith(BOM + CSV_HEADER)).toBe(true);
      const rows = text.slice(BOM.length + CSV_HEADER.length).split('\r\n');
      // When, What, Action, Participant, From.
      expect(rows[0]).toMatch(
        new RegExp(`^[^,]+,${literally(`${ADMIN_ACTION_WORDS['activity.export']},activity.export,,`)}`),
      );
      const addRow = `${ADMIN_ACTION_WORDS['participant.add']},participant.add,"Sam, ""the Quiet"" Lee",`;
      expect(rows[1]).toMatch(new RegExp(`^[^,]+,${literally(addRow)}`));
      expect(text).not.toContain(added.email);
      expect((await newest(w, cookie))[0]?.action).toBe('activity.export');
    },
  },
];
