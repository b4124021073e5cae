/**
 * Every admin action is recorded (docs/product/rules.md#security-events): one record in the store
 * with the right action and participant and never an e-mail, one `admin.action` log line with the
 * request id and without the e-mail; the Activity page's pages and CSV; the year it is kept.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_ACTIVITY_RETENTION_DAYS,
  AdminActivityPage,
  AdminMember,
  DEMO_ADMIN,
  adminActivityExport,
  api,
  participantsExport,
  pathFor,
  searchFor,
  type AdminAction,
} from '@prr/contract';
import { ADMIN_ACTION_WORDS, CSV_BOM, type StoredAdminAction } from '@prr/domain';
import {
  call,
  capturingLogger,
  sessionCookieFrom,
  startTestServer,
  type Answer,
  type LogLine,
  type TestServer,
} from './helpers.js';

const ADA = { name: 'Ada Lovelace', email: 'ada.lovelace@example.org', state: 'California', zipCode: '94103' };

describe('admin activity', () => {
  let s: TestServer;
  let lines: LogLine[];
  let cookie: string;

  beforeEach(async () => {
    lines = [];
    s = await startTestServer({ logger: capturingLogger(lines) });
    const login = await call(s.baseUrl, 'POST', api.adminLogin.path, {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    const session = sessionCookieFrom(login);
    if (login.status !== 200 || !session) throw new Error(`admin login answered ${login.status}: ${login.text}`);
    cookie = session;
  });
  afterEach(async () => {
    await s.close();
  });

  const admin = (method: string, path: string, body?: unknown): Promise<Answer> =>
    call(s.baseUrl, method, path, { cookie, ...(body === undefined ? {} : { body }) });

  const records = async (): Promise<StoredAdminAction[]> => (await s.store.adminActivity.page(0, 100)).records;
  const actionLines = () => lines.filter((l) => l.fields.event === 'admin.action');

  async function addAda(): Promise<AdminMember> {
    const added = await admin('POST', api.addParticipant.path, ADA);
    expect(added.status, added.text).toBe(201);
    return AdminMember.parse(added.body);
  }

  async function pendingStoryOf(memberId: string): Promise<string> {
    const id = randomUUID();
    await s.store.write((tx) =>
      tx.insertStory({
        id,
        memberId,
        content: 'I paused before answering my brother, and we talked instead.',
        location: 'Oakland, CA',
        rating: 5,
        status: 'pending',
        submittedAt: s.clock.now().toISOString(),
      }),
    );
    return id;
  }

  it('each admin action leaves one record and one log line, with the participant by name, never the e-mail or id', async () => {
    const ada = await addAda();
    const expected: { action: AdminAction; participant?: { name: string } }[] = [
      { action: 'participant.add', participant: { name: 'Ada Lovelace' } },
    ];
    const step = async (
      answer: Promise<Answer>,
      action: AdminAction,
      participant?: { name: string },
    ): Promise<void> => {
      s.clock.advance(1000);
      const res = await answer;
      expect(res.status, `${action}: ${res.text}`).toBeLessThan(300);
      expected.push(participant ? { action, participant } : { action });
    };

    const edit = { name: 'Ada King', state: 'NY', zipCode: '10001' };
    await step(admin('PATCH', pathFor(api.updateParticipant, { id: ada.id }), edit), 'participant.edit', {
      name: 'Ada King',
    });
    await step(
      admin('PATCH', pathFor(api.setParticipantStatus, { id: ada.id }), { isActive: false }),
      'participant.status',
      { name: 'Ada King' },
    );
    await step(admin('GET', participantsExport.path), 'participants.export');
    await step(admin('POST', api.recalculateStates.path), 'map.update');
    await step(admin('POST', api.undoRecalculateStates.path), 'map.undo');
    const approved = await pendingStoryOf(ada.id);
    await step(admin('POST', pathFor(api.reviewStory, { id: approved }), { decision: 'approve' }), 'story.approve', {
      name: 'Ada King',
    });
    const rejected = await pendingStoryOf(ada.id);
    await step(admin('POST', pathFor(api.reviewStory, { id: rejected }), { decision: 'reject' }), 'story.reject', {
      name: 'Ada King',
    });
    // The record of a deletion keeps the name the member had.
    await step(admin('DELETE', pathFor(api.deleteParticipant, { id: ada.id })), 'participant.delete', {
      name: 'Ada King',
    });

    const stored = await records();
    expect(stored.map(({ action, participant }) => (participant ? { action, participant } : { action }))).toEqual(
      [...expected].reverse(),
    );
    for (const record of stored) {
      expect(record.network).toBe('127.0.0.1');
      expect(JSON.stringify(record)).not.toContain('@');
      expect(JSON.stringify(record)).not.toContain(ada.id);
    }

    const logged = actionLines();
    expect(logged.map((l) => l.fields.action)).toEqual(expected.map((e) => e.action));
    for (const line of logged) {
      expect(line.fields).toMatchObject({ outcome: 'success', network: '127.0.0.1' });
      expect(line.fields.requestId).toEqual(expect.any(String));
      expect(line.fields.adminId).toEqual(expect.any(String));
    }
    // Logs hold the participant as a one-way reference, never the id, the name or the address.
    const everything = JSON.stringify(lines);
    for (const secret of [ADA.email, ada.id, 'Ada King', 'Ada Lovelace']) expect(everything).not.toContain(secret);
  });

  it("a log line carries the request's id", async () => {
    const res = await call(s.baseUrl, 'POST', api.recalculateStates.path, {
      cookie,
      headers: { 'X-Request-Id': 'map-update-req-1' },
    });
    expect(res.status).toBe(200);
    expect(actionLines()).toEqual([
      expect.objectContaining({
        fields: expect.objectContaining({ action: 'map.update', requestId: 'map-update-req-1' }),
      }),
    ]);
  });

  it('a refused change (an unknown participant) leaves no record', async () => {
    const res = await admin('PATCH', pathFor(api.setParticipantStatus, { id: randomUUID() }), { isActive: false });
    expect(res.status).toBe(404);
    expect(await records()).toEqual([]);
    expect(actionLines()).toEqual([]);
  });

  it('GET /api/admin/activity answers 401 without the admin session, and numbered pages newest first', async () => {
    expect((await call(s.baseUrl, 'GET', api.adminActivity.path)).status).toBe(401);
    expect((await call(s.baseUrl, 'GET', adminActivityExport.path)).status).toBe(401);

    for (let i = 0; i < 12; i += 1) {
      s.clock.advance(60_000);
      expect((await admin('POST', api.recalculateStates.path)).status).toBe(200);
    }
    const first = AdminActivityPage.parse(
      (await admin('GET', api.adminActivity.path + searchFor({ pageSize: 10 }))).body,
    );
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const times = first.items.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
    const second = AdminActivityPage.parse(
      (await admin('GET', api.adminActivity.path + searchFor({ page: 2, pageSize: 10 }))).body,
    );
    expect(second.items).toHaveLength(2);
    expect(second.items.at(-1)?.at).toBe(new Date(Date.parse('2026-03-02T14:01:00.000Z')).toISOString());
    const invalid = await admin('GET', api.adminActivity.path + searchFor({ page: 0 }));
    expect(invalid.status).toBe(400);
  });

  it('the CSV lists every action newest first, by the CSV rules, and records its own export', async () => {
    // A name a spreadsheet would run as a formula, and one with a comma.
    const added = await admin('POST', api.addParticipant.path, { ...ADA, name: '=HYPERLINK("x")' });
    expect(added.status).toBe(201);
    s.clock.advance(1000);
    const res = await fetch(s.baseUrl + adminActivityExport.path, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(adminActivityExport.contentType);
    expect(res.headers.get('content-disposition')).toContain(adminActivityExport.filename);
    // Decoded with the byte-order mark kept (Response.text() drops it).
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    const rows = text.split('\r\n');
    expect(rows[0]).toBe(`${CSV_BOM}When,What,Action,Participant,From`);
    expect(rows[1]).toBe(
      `2026-03-02T14:00:01.000Z,${ADMIN_ACTION_WORDS['activity.export']},activity.export,,127.0.0.1`,
    );
    expect(rows[2]).toBe(
      `2026-03-02T14:00:00.000Z,${ADMIN_ACTION_WORDS['participant.add']},participant.add,"'=HYPERLINK(""x"")",127.0.0.1`,
    );
    expect(rows.slice(3)).toEqual(['']);
    expect(text).not.toContain(ADA.email);
  });

  it(`records older than ${ADMIN_ACTIVITY_RETENTION_DAYS} days go with the next action`, async () => {
    expect((await admin('POST', api.recalculateStates.path)).status).toBe(200);
    s.clock.advanceDays(ADMIN_ACTIVITY_RETENTION_DAYS);
    expect((await admin('POST', api.recalculateStates.path)).status).toBe(401);
    // The admin's session has long expired: a new one.
    const login = await call(s.baseUrl, 'POST', api.adminLogin.path, {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    cookie = sessionCookieFrom(login) ?? '';
    // Exactly a year old: kept.
    expect((await admin('POST', api.undoRecalculateStates.path)).status).toBe(200);
    expect((await records()).map((r) => r.action)).toEqual(['map.undo', 'map.update']);
    s.clock.advance(1);
    expect((await admin('POST', api.recalculateStates.path)).status).toBe(200);
    expect((await records()).map((r) => r.action)).toEqual(['map.update', 'map.undo']);
  });

  it('the retention method deletes only what is older than the cutoff', async () => {
    const now = s.clock.now().getTime();
    const DAY = 86_400_000;
    const record = (ageDays: number): StoredAdminAction => ({
      id: randomUUID(),
      at: new Date(now - ageDays * DAY).toISOString(),
      action: 'map.update',
      adminId: 'admin',
      network: '127.0.0.1',
    });
    const old = record(ADMIN_ACTIVITY_RETENTION_DAYS + 1);
    const kept = record(ADMIN_ACTIVITY_RETENTION_DAYS - 1);
    await s.store.adminActivity.add(old);
    await s.store.adminActivity.add(kept);
    expect(await s.store.adminActivity.deleteBefore(new Date(now - ADMIN_ACTIVITY_RETENTION_DAYS * DAY))).toBe(1);
    expect(await records()).toEqual([kept]);
  });
});

describe('admin sign-in and session events', () => {
  let s: TestServer;
  let lines: LogLine[];

  beforeEach(async () => {
    lines = [];
    s = await startTestServer({ logger: capturingLogger(lines) });
  });
  afterEach(async () => {
    await s.close();
  });

  const events = (name: string) => lines.filter((l) => l.fields.event === name).map((l) => l.fields);

  it('logs a failed and a successful password sign-in and the logout, never the typed e-mail or password', async () => {
    const wrong = await call(s.baseUrl, 'POST', api.adminLogin.path, {
      body: { email: DEMO_ADMIN.email, password: 'not-the-password-at-all' },
    });
    expect(wrong.status).toBe(401);
    const right = await call(s.baseUrl, 'POST', api.adminLogin.path, {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(right.status).toBe(200);
    const cookie = sessionCookieFrom(right) ?? '';
    expect((await call(s.baseUrl, 'POST', api.adminLogout.path, { cookie })).status).toBe(200);

    const signIns = events('admin.sign-in');
    expect(signIns.map((f) => [f.outcome, f.method])).toEqual(
      expect.arrayContaining([
        ['failure', 'password'],
        ['success', 'password'],
      ]),
    );
    for (const f of signIns) expect(f.requestId).toEqual(expect.any(String));
    expect(events('admin.session.ended')).toEqual([expect.objectContaining({ reason: 'logout' })]);
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(DEMO_ADMIN.email);
    expect(everything).not.toContain(DEMO_ADMIN.password);
  });

  it('logs an expired session once: the answer clears the cookie', async () => {
    const right = await call(s.baseUrl, 'POST', api.adminLogin.path, {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    const cookie = sessionCookieFrom(right) ?? '';
    s.clock.advanceDays(1);
    const expired = await call(s.baseUrl, 'GET', api.adminSession.path, { cookie });
    expect(expired.status).toBe(401);
    expect(expired.headers.getSetCookie().join()).toMatch(/prr_admin=;/);
    expect(events('admin.session.ended')).toEqual([expect.objectContaining({ reason: 'expired' })]);
    // Without a cookie nothing ended: no line.
    expect((await call(s.baseUrl, 'GET', api.adminSession.path)).status).toBe(401);
    expect(events('admin.session.ended')).toHaveLength(1);
  });
});
