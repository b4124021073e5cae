/**
 * Invite links under load, over real HTTP on whichever store the project runs
 * (docs/product/rules.md#invites): friends joining through one code at the same moment each give
 * the inviter their +10 (no update lost between transactions), and one address joining many times
 * at once through the code gives it once. The contract suite covers the single joins on both targets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS, api } from '@prr/contract';
import { call, joinAndSignIn, meWith, startTestServer, type SignedIn, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

async function inviter(email: string): Promise<SignedIn & { code: string }> {
  const signedIn = await joinAndSignIn(s.baseUrl, { name: 'Ines Inviter', email, zipCode: '10001' });
  const res = await call<{ code: string }>(s.baseUrl, 'GET', api.invite.path, { cookie: signedIn.cookie });
  expect(res.status).toBe(200);
  return { ...signedIn, code: res.body.code };
}

const joinThrough = (code: string, email: string) =>
  call(s.baseUrl, 'POST', api.joinMovement.path, {
    body: { name: 'Ben Ortiz', email, zipCode: '94110', invite: code },
  });

async function standing(cookie: string) {
  const invite = await call<{ friendsJoined: number }>(s.baseUrl, 'GET', api.invite.path, { cookie });
  return { points: (await meWith(s.baseUrl, cookie)).levelProgressPoints, friendsJoined: invite.body.friendsJoined };
}

describe('joining through an invite code, all at once', () => {
  it('eight friends joining at the same moment give the inviter 8 × 10 points and count eight friends', async () => {
    const ines = await inviter('ines@example.org');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => joinThrough(ines.code, `friend${i}@example.org`)),
    );
    expect(answers.map((a) => a.status)).toStrictEqual(Array(8).fill(200));
    expect(await standing(ines.cookie)).toStrictEqual({
      points: POINTS.joinChallenge + 8 * POINTS.inviteFriend,
      friendsJoined: 8,
    });
    for (let i = 0; i < 8; i += 1) {
      expect((await s.store.memberByEmail(`friend${i}@example.org`))?.invitedBy).toBe(ines.member.id);
    }
  });

  it('one address joining six times at once through the code gives the inviter +10 once', async () => {
    const ida = await inviter('ida@example.org');
    const answers = await Promise.all(Array.from({ length: 6 }, () => joinThrough(ida.code, 'Twice@Example.org')));
    expect(answers.map((a) => a.status)).toStrictEqual(Array(6).fill(200));
    expect(await standing(ida.cookie)).toStrictEqual({
      points: POINTS.joinChallenge + POINTS.inviteFriend,
      friendsJoined: 1,
    });
  });

  it("the inviter's own address through their own code, any case, gives nothing", async () => {
    const ivy = await inviter('ivy@example.org');
    expect((await joinThrough(ivy.code, ' IVY@example.org')).status).toBe(200);
    expect(await standing(ivy.cookie)).toStrictEqual({ points: POINTS.joinChallenge, friendsJoined: 0 });
  });
});
