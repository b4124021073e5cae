/**
 * The sign-in rules over the store interface (docs/decisions/005-member-sign-in.md): what is kept,
 * how long a code or link lasts, that each works once, the wrong-code limit, the e-mails' sealed
 * dashboard link, and that signing in confirms the address. The HTTP layer (cookies, rate limits,
 * the e-mail) is tested with the server.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMAIL_LINK_DAYS, SIGN_IN_MAX_WRONG_CODES, SIGN_IN_MESSAGES, SIGN_IN_MINUTES } from '@prr/contract';
import { joinMovement, type StoredMember } from '@prr/domain';
import { memoryStore } from '../../fixtures.js';
import { createDashboardLinkToken, createUnsubscribeToken } from '../../../src/auth/emailLinkTokens.js';
import type { LowdbStore } from '../../../src/store/lowdb/lowdbStore.js';
import { memberOfLink, signInWithCode, signInWithLink, startSignIn } from '../../../src/auth/memberSignIn.js';

const SECRET = 'sign-in-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const MINUTE = 60_000;
const DAY = 86_400_000;
/** 2026-03-02 15:00 UTC, a whole second (sealed tokens count expiry in seconds). */
const T0 = new Date('2026-03-02T15:00:00.000Z');
const after = (ms: number): Date => new Date(T0.getTime() + ms);

const validation = (field: 'code' | 'token', message: string) =>
  expect.objectContaining({ code: 'validation_failed', fields: { [field]: [message] } });
const wrongCode = () => validation('code', SIGN_IN_MESSAGES.wrongCode);
const codeExpired = () => validation('code', SIGN_IN_MESSAGES.codeExpired);
const linkExpired = () => validation('token', SIGN_IN_MESSAGES.linkExpired);

interface World {
  store: LowdbStore;
  ann: StoredMember;
  ben: StoredMember;
}

/** Two members who just joined (unconfirmed), Ann with a mixed-case address. */
async function world(): Promise<World> {
  const store = memoryStore();
  const { member: ann } = await store.write((tx) =>
    joinMovement(tx, { name: 'Ann Lee', email: 'Ann.Lee@Example.org', zipCode: '10001' }, T0),
  );
  const { member: ben } = await store.write((tx) =>
    joinMovement(tx, { name: 'Ben Cho', email: 'ben@example.org', zipCode: '94110' }, T0),
  );
  return { store, ann, ben };
}

const confirmedInStore = async (store: LowdbStore, id: string): Promise<boolean | undefined> =>
  (await store.memberById(id))?.emailConfirmed;

/** Another 6-digit code than `code`. */
const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('startSignIn', () => {
  it('finds the member by address in any case and spacing, and answers a 6-digit code and a 256-bit link token', async () => {
    const { store, ann } = await world();
    const started = await startSignIn(store, '  ann.lee@EXAMPLE.org ', T0, SECRET);
    expect(started.member).toStrictEqual(ann);
    expect(started.code).toMatch(/^\d{6}$/);
    expect(started.linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(started.linkToken, 'base64url')).toHaveLength(32);
  });

  it('keeps only hashes: the code keyed by the secret and the member, the link plain, for 10 minutes', async () => {
    const { store, ann } = await world();
    const { code, linkToken } = await startSignIn(store, ann.email, T0, SECRET);
    const expected = {
      memberId: ann.id,
      codeHash: createHmac('sha256', SECRET).update(`sign-in-code:${ann.id}:${code}`).digest('hex'),
      linkHash: createHash('sha256').update(linkToken).digest('hex'),
      expiresAt: after(SIGN_IN_MINUTES * MINUTE).toISOString(),
      wrongCodes: 0,
      createdAt: T0.toISOString(),
    };
    expect(await store.signIns.ofMember(ann.id)).toStrictEqual(expected);
    expect(store.data.signIns).toStrictEqual([expected]);
    // Neither the code nor the token is kept anywhere, not even in part of a field.
    for (const value of Object.values(store.data.signIns[0]!)) {
      expect(value).not.toBe(code);
      expect(String(value)).not.toContain(linkToken);
    }
    expect(JSON.stringify(store.data)).not.toContain(linkToken);
    // The code's hash depends on the secret: a copy of the store alone cannot try the million codes.
    expect(expected.codeHash).not.toBe(
      createHmac('sha256', 'another-secret').update(`sign-in-code:${ann.id}:${code}`).digest('hex'),
    );
    expect(expected.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
  });

  it('answers not_found for an address nobody joined with, keeping nothing', async () => {
    const { store } = await world();
    await expect(startSignIn(store, 'nobody@example.org', T0, SECRET)).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    expect(store.data.signIns).toStrictEqual([]);
  });

  it("replaces the member's earlier code and link: the old code is a wrong code, the old link has expired", async () => {
    const { store, ann } = await world();
    const first = await startSignIn(store, ann.email, T0, SECRET);
    const second = await startSignIn(store, ann.email, after(MINUTE), SECRET);
    expect(second.linkToken).not.toBe(first.linkToken);
    expect(store.data.signIns).toHaveLength(1);
    expect((await store.signIns.ofMember(ann.id))?.createdAt).toBe(after(MINUTE).toISOString());

    await expect(signInWithLink(store, first.linkToken, after(2 * MINUTE), SECRET)).rejects.toThrow(linkExpired());
    if (first.code !== second.code) {
      await expect(signInWithCode(store, ann.email, first.code, after(2 * MINUTE), SECRET)).rejects.toThrow(
        wrongCode(),
      );
    }
    expect((await signInWithCode(store, ann.email, second.code, after(2 * MINUTE), SECRET)).member.id).toBe(ann.id);
  });

  it("leaves other members' pending sign-ins alone", async () => {
    const { store, ann, ben } = await world();
    const bens = await startSignIn(store, ben.email, T0, SECRET);
    await startSignIn(store, ann.email, T0, SECRET);
    expect(store.data.signIns.map((s) => s.memberId).sort()).toEqual([ann.id, ben.id].sort());
    expect((await signInWithCode(store, ben.email, bens.code, after(MINUTE), SECRET)).member.id).toBe(ben.id);
  });
});

describe('signInWithCode', () => {
  it('answers the member for the right code, in any case of the address, and confirms the address', async () => {
    const { store, ann } = await world();
    expect(ann.emailConfirmed).toBe(false);
    const { code } = await startSignIn(store, ann.email, T0, SECRET);
    const signedIn = await signInWithCode(store, ' ANN.LEE@example.ORG ', code, after(MINUTE), SECRET);
    expect(signedIn).toStrictEqual({ member: { ...ann, emailConfirmed: true }, firstProof: true });
    expect(await store.memberById(ann.id)).toStrictEqual({ ...ann, emailConfirmed: true });
  });

  it('works once: the code and the link of the same e-mail are used up', async () => {
    const { store, ann } = await world();
    const { code, linkToken } = await startSignIn(store, ann.email, T0, SECRET);
    await signInWithCode(store, ann.email, code, after(MINUTE), SECRET);
    expect(await store.signIns.ofMember(ann.id)).toBeUndefined();
    await expect(signInWithCode(store, ann.email, code, after(MINUTE), SECRET)).rejects.toThrow(codeExpired());
    await expect(signInWithLink(store, linkToken, after(MINUTE), SECRET)).rejects.toThrow(linkExpired());
  });

  it('lasts 10 minutes: a millisecond before works, at 10 minutes it has expired and is removed', async () => {
    const early = await world();
    const started = await startSignIn(early.store, early.ann.email, T0, SECRET);
    expect(
      (await signInWithCode(early.store, early.ann.email, started.code, after(SIGN_IN_MINUTES * MINUTE - 1), SECRET))
        .member.id,
    ).toBe(early.ann.id);

    const { store, ann } = await world();
    const { code, linkToken } = await startSignIn(store, ann.email, T0, SECRET);
    await expect(signInWithCode(store, ann.email, code, after(SIGN_IN_MINUTES * MINUTE), SECRET)).rejects.toThrow(
      codeExpired(),
    );
    expect(await store.signIns.ofMember(ann.id)).toBeUndefined();
    // Gone: not even the link of the same e-mail works now, at a time it would have.
    await expect(signInWithLink(store, linkToken, after(MINUTE), SECRET)).rejects.toThrow(linkExpired());
    expect(await confirmedInStore(store, ann.id)).toBe(false);
  });

  it('a wrong code is counted and answered as wrong; the right one still works after four', async () => {
    const { store, ann } = await world();
    const { code } = await startSignIn(store, ann.email, T0, SECRET);
    for (let wrong = 1; wrong < SIGN_IN_MAX_WRONG_CODES; wrong += 1) {
      await expect(signInWithCode(store, ann.email, otherCode(code), after(wrong * 1000), SECRET)).rejects.toThrow(
        wrongCode(),
      );
      expect((await store.signIns.ofMember(ann.id))?.wrongCodes).toBe(wrong);
    }
    expect(await confirmedInStore(store, ann.id)).toBe(false);
    expect((await signInWithCode(store, ann.email, code, after(MINUTE), SECRET)).member.id).toBe(ann.id);
    expect(await confirmedInStore(store, ann.id)).toBe(true);
  });

  it('the fifth wrong code voids the sign-in: answered as expired, and then even the right code and the link fail', async () => {
    expect(SIGN_IN_MAX_WRONG_CODES).toBe(5);
    const { store, ann } = await world();
    const { code, linkToken } = await startSignIn(store, ann.email, T0, SECRET);
    for (let wrong = 1; wrong <= 4; wrong += 1) {
      await expect(signInWithCode(store, ann.email, otherCode(code), after(wrong * 1000), SECRET)).rejects.toThrow(
        wrongCode(),
      );
    }
    await expect(signInWithCode(store, ann.email, otherCode(code), after(5000), SECRET)).rejects.toThrow(codeExpired());
    expect(await store.signIns.ofMember(ann.id)).toBeUndefined();
    await expect(signInWithCode(store, ann.email, code, after(6000), SECRET)).rejects.toThrow(codeExpired());
    await expect(signInWithLink(store, linkToken, after(7000), SECRET)).rejects.toThrow(linkExpired());
    expect(await confirmedInStore(store, ann.id)).toBe(false);

    // A new e-mail starts afresh.
    const again = await startSignIn(store, ann.email, after(MINUTE), SECRET);
    expect((await signInWithCode(store, ann.email, again.code, after(2 * MINUTE), SECRET)).member.id).toBe(ann.id);
  });

  it("a code is the member's own: Ann's code with Ben's address is wrong for Ben and leaves Ann's intact", async () => {
    const { store, ann, ben } = await world();
    const anns = await startSignIn(store, ann.email, T0, SECRET);
    const bens = await startSignIn(store, ben.email, T0, SECRET);
    if (anns.code !== bens.code) {
      await expect(signInWithCode(store, ben.email, anns.code, after(MINUTE), SECRET)).rejects.toThrow(wrongCode());
      expect((await store.signIns.ofMember(ben.id))?.wrongCodes).toBe(1);
    }
    expect((await store.signIns.ofMember(ann.id))?.wrongCodes).toBe(0);
    expect((await signInWithCode(store, ann.email, anns.code, after(MINUTE), SECRET)).member.id).toBe(ann.id);
    expect(await confirmedInStore(store, ben.id)).toBe(false);
  });

  it('the same code under another secret is wrong', async () => {
    const { store, ann } = await world();
    const { code } = await startSignIn(store, ann.email, T0, SECRET);
    await expect(
      signInWithCode(store, ann.email, code, after(MINUTE), 'another-secret-0123456789-abcdefghijklmnop'),
    ).rejects.toThrow(wrongCode());
  });

  it('an unknown address, or a member without a pending sign-in, gets the expired answer and nothing is counted', async () => {
    const { store, ann } = await world();
    await expect(signInWithCode(store, 'nobody@example.org', '123456', T0, SECRET)).rejects.toThrow(codeExpired());
    await expect(signInWithCode(store, ann.email, '123456', T0, SECRET)).rejects.toThrow(codeExpired());
    expect(store.data.signIns).toStrictEqual([]);
    expect(await confirmedInStore(store, ann.id)).toBe(false);
  });

  it('an already confirmed member signs in unchanged', async () => {
    const { store, ann } = await world();
    await store.write((tx) => tx.updateMember(ann.id, { emailConfirmed: true }));
    const before = await store.memberById(ann.id);
    const { code } = await startSignIn(store, ann.email, T0, SECRET);
    expect(await signInWithCode(store, ann.email, code, after(MINUTE), SECRET)).toStrictEqual({
      member: before,
      firstProof: false,
    });
    expect(await store.memberById(ann.id)).toStrictEqual(before);
  });
});

describe('signInWithLink: the one-time link of a sign-in e-mail', () => {
  it('answers the member, confirms the address, and uses up the link and the code', async () => {
    const { store, ann } = await world();
    const { code, linkToken } = await startSignIn(store, ann.email, T0, SECRET);
    expect(await signInWithLink(store, linkToken, after(MINUTE), SECRET)).toStrictEqual({
      member: { ...ann, emailConfirmed: true },
      firstProof: true,
      method: 'link',
    });
    expect(await confirmedInStore(store, ann.id)).toBe(true);
    expect(await store.signIns.ofMember(ann.id)).toBeUndefined();
    await expect(signInWithLink(store, linkToken, after(MINUTE), SECRET)).rejects.toThrow(linkExpired());
    await expect(signInWithCode(store, ann.email, code, after(MINUTE), SECRET)).rejects.toThrow(codeExpired());
  });

  it('lasts 10 minutes: a millisecond before works, at 10 minutes it has expired', async () => {
    const early = await world();
    const started = await startSignIn(early.store, early.ann.email, T0, SECRET);
    expect(
      (await signInWithLink(early.store, started.linkToken, after(SIGN_IN_MINUTES * MINUTE - 1), SECRET)).member.id,
    ).toBe(early.ann.id);

    const { store, ann } = await world();
    const { linkToken } = await startSignIn(store, ann.email, T0, SECRET);
    await expect(signInWithLink(store, linkToken, after(SIGN_IN_MINUTES * MINUTE), SECRET)).rejects.toThrow(
      linkExpired(),
    );
    expect(await confirmedInStore(store, ann.id)).toBe(false);
    await expect(signInWithLink(store, linkToken, after(MINUTE), SECRET)).rejects.toThrow(linkExpired());
  });

  it('a link nobody issued, a changed one, or a code in its place has expired, and a pending sign-in stays', async () => {
    const { store, ann } = await world();
    const { code, linkToken } = await startSignIn(store, ann.email, T0, SECRET);
    const changed = (linkToken[0] === 'A' ? 'B' : 'A') + linkToken.slice(1);
    for (const token of ['not-a-token', changed, code, createHash('sha256').update(linkToken).digest('hex')]) {
      await expect(signInWithLink(store, token, after(MINUTE), SECRET)).rejects.toThrow(linkExpired());
    }
    expect((await store.signIns.ofMember(ann.id))?.wrongCodes).toBe(0);
    expect((await signInWithLink(store, linkToken, after(MINUTE), SECRET)).member.id).toBe(ann.id);
  });

  it('two uses of the same link at once: exactly one signs in', async () => {
    const { store, ann } = await world();
    const { linkToken } = await startSignIn(store, ann.email, T0, SECRET);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => signInWithLink(store, linkToken, after(MINUTE), SECRET)),
    );
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value.member.id)).toEqual([ann.id]);
    for (const r of results.filter((r) => r.status === 'rejected')) expect(r.reason).toEqual(linkExpired());
  });
});

describe('signInWithLink: the sealed dashboard link of a welcome or daily e-mail', () => {
  it('signs the member in and confirms the address, without using up a pending sign-in', async () => {
    const { store, ann } = await world();
    const { code } = await startSignIn(store, ann.email, T0, SECRET);
    const token = createDashboardLinkToken(ann.id, SECRET, T0);
    expect(token).not.toContain(ann.id);
    expect(await signInWithLink(store, token, after(MINUTE), SECRET)).toStrictEqual({
      member: { ...ann, emailConfirmed: true },
      firstProof: true,
      method: 'key',
    });
    expect(await confirmedInStore(store, ann.id)).toBe(true);
    expect((await signInWithCode(store, ann.email, code, after(2 * MINUTE), SECRET)).member.id).toBe(ann.id);
  });

  it('opens once: the second use is refused, however soon', async () => {
    const { store, ann } = await world();
    const token = createDashboardLinkToken(ann.id, SECRET, T0);
    expect((await signInWithLink(store, token, after(MINUTE), SECRET)).member.id).toBe(ann.id);
    await expect(signInWithLink(store, token, after(2 * MINUTE), SECRET)).rejects.toThrow(linkExpired());
  });

  it('lasts 7 days: a second before works, at 7 days it has expired', async () => {
    expect(EMAIL_LINK_DAYS).toBe(7);
    const { store, ann } = await world();
    const late = createDashboardLinkToken(ann.id, SECRET, T0);
    expect((await signInWithLink(store, late, after(EMAIL_LINK_DAYS * DAY - 1000), SECRET)).member.id).toBe(ann.id);
    const expired = createDashboardLinkToken(ann.id, SECRET, T0);
    await expect(signInWithLink(store, expired, after(EMAIL_LINK_DAYS * DAY), SECRET)).rejects.toThrow(linkExpired());
  });

  it('checking whose key it is uses nothing up; a revoked key is refused by both', async () => {
    const { store, ann } = await world();
    const token = createDashboardLinkToken(ann.id, SECRET, T0);
    expect((await memberOfLink(store, token, after(MINUTE), SECRET)).id).toBe(ann.id);
    expect((await memberOfLink(store, token, after(MINUTE), SECRET)).id).toBe(ann.id);
    await store.memberKeys.revokeAll(ann.id, after(2 * MINUTE));
    await expect(memberOfLink(store, token, after(3 * MINUTE), SECRET)).rejects.toThrow(linkExpired());
    await expect(signInWithLink(store, token, after(3 * MINUTE), SECRET)).rejects.toThrow(linkExpired());
    const fresh = createDashboardLinkToken(ann.id, SECRET, after(4 * MINUTE));
    expect((await signInWithLink(store, fresh, after(5 * MINUTE), SECRET)).member.id).toBe(ann.id);
  });

  it('an expired dashboard link does not confirm the address', async () => {
    const { store, ann } = await world();
    const token = createDashboardLinkToken(ann.id, SECRET, T0);
    await expect(signInWithLink(store, token, after(EMAIL_LINK_DAYS * DAY + MINUTE), SECRET)).rejects.toThrow(
      linkExpired(),
    );
    expect(await confirmedInStore(store, ann.id)).toBe(false);
  });

  it('refuses a link sealed under another secret, an unsubscribe token, a changed token, and a member who is gone', async () => {
    const { store, ann } = await world();
    const token = createDashboardLinkToken(ann.id, SECRET, T0);
    const middle = Math.floor(token.length / 2);
    const changed = token.slice(0, middle) + (token[middle] === 'A' ? 'B' : 'A') + token.slice(middle + 1);
    for (const refused of [
      createDashboardLinkToken(ann.id, 'another-secret-0123456789-abcdefghijklmnop', T0),
      createUnsubscribeToken(ann.id, SECRET),
      changed,
      token.slice(0, -4),
      ann.id,
      createDashboardLinkToken('6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00', SECRET, T0),
    ]) {
      await expect(signInWithLink(store, refused, after(MINUTE), SECRET)).rejects.toThrow(linkExpired());
    }
    expect(await confirmedInStore(store, ann.id)).toBe(false);
  });

  it("Ben's link signs in Ben, never Ann", async () => {
    const { store, ann, ben } = await world();
    expect(
      (await signInWithLink(store, createDashboardLinkToken(ben.id, SECRET, T0), after(MINUTE), SECRET)).member.id,
    ).toBe(ben.id);
    expect(await confirmedInStore(store, ben.id)).toBe(true);
    expect(await confirmedInStore(store, ann.id)).toBe(false);
  });
});
