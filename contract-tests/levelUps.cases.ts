/**
 * The contract suite's cases for level-ups (docs/product/rules.md#level-ups, docs/product/api.md):
 * the member's view names a level reached since the dashboard last celebrated one (`levelUp`), and
 * POST /api/me/level-up/seen acknowledges it; a stale or higher level changes nothing. Run by
 * suite.ts against every target, with its rules: a fresh target per case, cookies always sent
 * explicitly. A member crosses a level the quickest way over HTTP: three friends join through
 * their invite link and prove their address (25 + 3 × 10 = 55 points, Agent).
 */
import { expect } from 'vitest';
import { LEVEL_THRESHOLDS, POINTS, api, type LevelKey } from '@prr/contract';
import { invalid, row, signInNeeded, type Case, type Flow, type SignedIn, type World } from './world.js';

/** A member who has just reached Agent through invites, not yet celebrated. */
async function agent(w: World): Promise<SignedIn> {
  const member = await w.join({ name: 'Ada Park' });
  const { code } = await w.ok(api.invite, { cookie: member.cookie });
  const friends = Math.ceil((LEVEL_THRESHOLDS.Agent - POINTS.joinChallenge) / POINTS.inviteFriend);
  for (let i = 0; i < friends; i++) {
    const email = w.email('friend');
    const res = await w.call(api.joinMovement, { json: { name: 'Ben Ortiz', email, zipCode: '94110', invite: code } });
    expect(res.status, `a friend's join answered ${JSON.stringify(res.body)}`).toBe(200);
    // The inviter's +10 comes with the friend's first proof (docs/product/rules.md#invites).
    await w.signInByCode(email);
  }
  const me = await w.ok(api.me, { cookie: member.cookie });
  expect(me).toMatchObject({ peacemakerLevel: 'Agent', levelUp: 'Agent' });
  return { ...me, cookie: member.cookie };
}

const seen = (w: World, cookie: string, level: LevelKey) => w.ok(api.levelUpSeen, { cookie, json: { level } });

export const levelUpCases: Case[] = [
  row(
    api.levelUpSeen,
    'refuses a request without a session cookie',
    () => ({ json: { level: 'Agent' } }),
    signInNeeded,
  ),
  row(
    api.levelUpSeen,
    'refuses a level that is not on the ladder',
    (w) => w.asMember({ json: { level: 'Wizard' } }),
    invalid({ level: true }),
  ),
  row(
    api.levelUpSeen,
    "a new member has nothing to celebrate (the join's level is seen): their own level changes nothing",
    (w) => w.asMember({ json: { level: 'Explorer' } }),
    {
      status: 200,
      then: async (view, w) => {
        expect(view).toMatchObject({ peacemakerLevel: 'Explorer', levelUp: null });
        const { cookie: _cookie, ...joined } = w.lastMember!;
        expect(view).toStrictEqual(joined);
      },
    },
  ),
  row(
    api.levelUpSeen,
    'acknowledges the level the dashboard celebrated: the member view answers, levelUp null',
    async (w) => ({ cookie: (await agent(w)).cookie, json: { level: 'Agent' } }),
    {
      status: 200,
      then: async (view, w) => {
        expect(view).toMatchObject({ peacemakerLevel: 'Agent', levelUp: null });
        expect(await w.ok(api.me, { cookie: w.lastMember!.cookie })).toStrictEqual(view);
      },
    },
  ),
];

export const levelUpFlows: Flow[] = [
  {
    title: 'a level reached stays to celebrate until seen: a stale or a higher level changes nothing',
    async run(w) {
      const member = await agent(w);
      expect(await seen(w, member.cookie, 'Explorer')).toMatchObject({ levelUp: 'Agent' });
      expect(await seen(w, member.cookie, 'Guardian')).toMatchObject({ levelUp: 'Agent' });
      expect(await w.ok(api.me, { cookie: member.cookie })).toMatchObject({ levelUp: 'Agent' });

      const after = await seen(w, member.cookie, 'Agent');
      expect(after.levelUp).toBeNull();
      expect(await w.ok(api.me, { cookie: member.cookie })).toStrictEqual(after);
      // Seen again (a second tab, a retried request): still nothing to celebrate.
      expect(await seen(w, member.cookie, 'Agent')).toStrictEqual(after);
    },
  },
];
