/**
 * Shared stories over real HTTP, on the store this project runs (lowdb or PostgreSQL): what the
 * contract suite (contract-tests/stories.cases.ts) cannot see from outside. Requests that race
 * still share once and award +15 once, and the store keeps the text exactly as typed
 * (docs/product/rules.md#stories).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, POINTS, api, pathFor } from '@prr/contract';
import { call, joinAndSignIn, sessionCookieFrom, startTestServer, type TestServer } from './helpers.js';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function server(): Promise<TestServer> {
  const s = await startTestServer();
  servers.push(s);
  return s;
}

async function adminCookie(s: TestServer): Promise<string> {
  const res = await call(s.baseUrl, 'POST', api.adminLogin.path, {
    body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  const cookie = sessionCookieFrom(res);
  if (res.status !== 200 || !cookie) throw new Error(`admin login answered ${res.status}: ${res.text}`);
  return cookie;
}

const STORY = { content: 'Counted to three.', location: 'Austin, TX', rating: 5 };

describe('shared stories', () => {
  it('five shares at once store one story: one 201, the others 409', async () => {
    const s = await server();
    const { cookie, member } = await joinAndSignIn(s.baseUrl);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(s.baseUrl, 'POST', api.shareStory.path, { cookie, body: STORY })),
    );
    expect(answers.map((a) => a.status).sort()).toStrictEqual([201, 409, 409, 409, 409]);
    expect(await s.store.storiesOf(member.id)).toHaveLength(1);
  });

  it('five reviews of one story at once: one is applied, the others answer 409, and +15 is given once', async () => {
    const s = await server();
    const { cookie, member } = await joinAndSignIn(s.baseUrl);
    const shared = await call<{ id: string }>(s.baseUrl, 'POST', api.shareStory.path, { cookie, body: STORY });
    expect(shared.status).toBe(201);
    const admin = await adminCookie(s);
    const path = pathFor(api.reviewStory, { id: shared.body.id });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(s.baseUrl, 'POST', path, { cookie: admin, body: { decision: 'approve' } })),
    );
    expect(answers.map((a) => a.status).sort()).toStrictEqual([200, 409, 409, 409, 409]);
    const stored = await s.store.memberById(member.id);
    expect(stored?.points).toBe(POINTS.joinChallenge + POINTS.shareStory);
    expect((await s.store.storyById(shared.body.id))?.status).toBe('approved');
  });

  it('stores the text as typed, markup and all, and answers it so on the home page', async () => {
    const s = await server();
    const { cookie, member } = await joinAndSignIn(s.baseUrl);
    const content = `<img src=x onerror=alert(1)> 'single' "double" & ampersand\n second line 🙂`;
    const shared = await call<{ id: string }>(s.baseUrl, 'POST', api.shareStory.path, {
      cookie,
      body: { ...STORY, content },
    });
    expect(shared.status).toBe(201);
    expect((await s.store.storiesOf(member.id)).map((story) => story.content)).toStrictEqual([content]);
    const admin = await adminCookie(s);
    const path = pathFor(api.reviewStory, { id: shared.body.id });
    expect((await call(s.baseUrl, 'POST', path, { cookie: admin, body: { decision: 'approve' } })).status).toBe(200);
    const home = await call<{ id: string; content: string; name: string }[]>(s.baseUrl, 'GET', api.testimonials.path);
    expect(home.body[0]).toMatchObject({ id: shared.body.id, content, name: 'Rosa P.' });
  });
});
