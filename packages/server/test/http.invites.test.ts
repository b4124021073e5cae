/**
 * Invite links under load and under attack, over real HTTP on whichever store the project runs
 * (docs/product/rules.md#invites): a join alone pays nothing, so throwaway joins farm no points;
 * the inviter's +10 comes when the friend proves their address, for at most
 * INVITE_CREDITS_PER_DAY friends a UTC day; friends proving at the same moment each count (no update
 * lost between transactions). The contract suite covers the single joins on both targets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS, api } from '@prr/contract';
import { INVITE_CREDITS_PER_DAY } from '@prr/domain';
import {
  call,
  joinAndSignIn,
  meWith,
  signInByCode,
  startTestServer,
  type SignedIn,
  type TestServer,
} from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

async function inviter(email: string): Promise<SignedIn & { code: string }> {
  await joinAndSignIn(s.baseUrl, { name: 'Ines Inviter', email, zipCode: '10001' });
  // Proved by code: the join's session ends with the first proof, this one is the inviter's.
  const signedIn = await signInByCode(s, email);
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

describe('joining through an invite code', () => {
  it('twelve throwaway joins through one link give the inviter nothing (the farming attack)', async () => {
    const ines = await inviter('ines@example.org');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => joinThrough(ines.code, `throwaway${i}@example.org`)),
    );
    expect(answers.map((a) => a.status)).toStrictEqual(Array(12).fill(200));
    expect(await standing(ines.cookie)).toStrictEqual({ points: POINTS.joinChallenge, friendsJoined: 12 });
    expect((await s.store.memberByEmail('throwaway0@example.org'))?.invitedBy).toBe(ines.member.id);
  });

  it('eight friends proving their address at the same moment give the inviter 8 × 10 points', async () => {
    const ira = await inviter('ira@example.org');
    for (let i = 0; i < 8; i += 1) expect((await joinThrough(ira.code, `friend${i}@example.org`)).status).toBe(200);
    await Promise.all(Array.from({ length: 8 }, (_, i) => signInByCode(s, `friend${i}@example.org`)));
    expect(await standing(ira.cookie)).toStrictEqual({
      points: POINTS.joinChallenge + 8 * POINTS.inviteFriend,
      friendsJoined: 8,
    });
    // A friend proving again pays nothing more.
    await signInByCode(s, 'friend0@example.org');
    expect((await standing(ira.cookie)).points).toBe(POINTS.joinChallenge + 8 * POINTS.inviteFriend);
  });

  it(`at most ${INVITE_CREDITS_PER_DAY} friends a UTC day count; the next UTC day counts again`, async () => {
    const ida = await inviter('ida@example.org');
    const friends = Array.from({ length: INVITE_CREDITS_PER_DAY + 2 }, (_, i) => `capped${i}@example.org`);
    for (const email of friends) expect((await joinThrough(ida.code, email)).status).toBe(200);
    for (const email of friends.slice(0, INVITE_CREDITS_PER_DAY + 1)) await signInByCode(s, email);
    expect((await standing(ida.cookie)).points).toBe(
      POINTS.joinChallenge + INVITE_CREDITS_PER_DAY * POINTS.inviteFriend,
    );
    // The next UTC day: the last friend's proof counts.
    const now = s.clock.now();
    s.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime());
    await signInByCode(s, friends.at(-1)!);
    expect((await standing(ida.cookie)).points).toBe(
      POINTS.joinChallenge + (INVITE_CREDITS_PER_DAY + 1) * POINTS.inviteFriend,
    );
  });

  it('one address joining six times at once through the code makes one friend', async () => {
    const ivo = await inviter('ivo@example.org');
    const answers = await Promise.all(Array.from({ length: 6 }, () => joinThrough(ivo.code, 'Twice@Example.org')));
    expect(answers.map((a) => a.status)).toStrictEqual(Array(6).fill(200));
    await signInByCode(s, 'twice@example.org');
    expect(await standing(ivo.cookie)).toStrictEqual({
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
