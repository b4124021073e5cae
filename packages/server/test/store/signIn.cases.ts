/** The store suite (setup.ts): Sessions and sign-in: admin and member sessions, sign-ins, e-mail keys, the admin's second factors and the rate limiter. */
import { randomUUID } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredMember } from '@prr/domain';
import type { StoredSignIn } from '../../src/store/schema.js';
import type { MemberKey, Sessions } from '../../src/store/types.js';
import { T0, MINUTE, DAY, at, member, type SuiteContext } from './setup.js';

export function signInCases(ctx: SuiteContext): void {
  const { store, insertMembers, write } = ctx;

  // The same Sessions contract for the admin's sessions and the members'. A member session's
  // subject must be a member the store holds (PostgreSQL's member_sessions has a foreign key).
  const sessionKinds: { title: string; sessions: () => Sessions; subject: () => Promise<string> }[] = [
    { title: 'admin sessions', sessions: () => store.sessions, subject: async () => randomUUID() },
    {
      title: 'member sessions',
      sessions: () => store.memberSessions,
      subject: async () => {
        const m = member();
        await insertMembers(m);
        return m.id;
      },
    },
  ];

  for (const kind of sessionKinds) {
    describe(kind.title, () => {
      const IDLE = 30 * MINUTE;
      let sessions: Sessions;
      beforeEach(() => {
        sessions = kind.sessions();
      });

      it('create returns distinct random ids; touch within the idle time keeps the session and refreshes lastSeen', async () => {
        const subjectId = await kind.subject();
        const ids = await Promise.all([0, 1, 2].map(() => sessions.create(subjectId, T0)));
        expect(new Set(ids).size).toBe(3);
        for (const id of ids) {
          expect(typeof id).toBe('string');
          expect(id.length).toBeGreaterThanOrEqual(22);
        }
        const [id] = ids as [string];

        // Touches further apart than the refresh window (types.ts, touch): each one is recorded.
        const first = T0 + 5 * MINUTE;
        expect(await sessions.touch(id, first, IDLE)).toStrictEqual({ subjectId, createdAt: T0, lastSeen: first });
        // Exactly idle since the last touch still counts as "within"; it would be stale since creation.
        expect(await sessions.touch(id, first + IDLE, IDLE)).toStrictEqual({
          subjectId,
          createdAt: T0,
          lastSeen: first + IDLE,
        });
        expect(await sessions.touch(id, first + IDLE + 5 * MINUTE, IDLE)).toStrictEqual({
          subjectId,
          createdAt: T0,
          lastSeen: first + IDLE + 5 * MINUTE,
        });
      });

      it('a touch soon after the last answers lastSeen = now, and the session stays live', async () => {
        const subjectId = await kind.subject();
        const id = await sessions.create(subjectId, T0);
        expect(await sessions.touch(id, T0 + 1000, IDLE)).toStrictEqual({
          subjectId,
          createdAt: T0,
          lastSeen: T0 + 1000,
        });
        expect(await sessions.touch(id, T0 + 2000, IDLE)).toStrictEqual({
          subjectId,
          createdAt: T0,
          lastSeen: T0 + 2000,
        });
      });

      it('a session idle for longer than idleMs is undefined and gone', async () => {
        const subjectId = await kind.subject();
        const id = await sessions.create(subjectId, T0);
        expect(await sessions.touch(id, T0 + IDLE + 1, IDLE)).toBeUndefined();
        // Removed: even a touch at a time when it would have been live finds nothing.
        expect(await sessions.touch(id, T0 + 1, IDLE)).toBeUndefined();
      });

      it("destroy ends one session; destroyAllFor ends only that subject's", async () => {
        const alice = await kind.subject();
        const bob = await kind.subject();
        const a1 = await sessions.create(alice, T0);
        const a2 = await sessions.create(alice, T0 + MINUTE);
        const a3 = await sessions.create(alice, T0 + 2 * MINUTE);
        const b1 = await sessions.create(bob, T0);

        await sessions.destroy(a3);
        expect(await sessions.touch(a3, T0 + 3 * MINUTE, IDLE)).toBeUndefined();
        await sessions.destroy(undefined);
        await sessions.destroy('never-issued');

        await sessions.destroyAllFor(alice);
        expect(await sessions.touch(a1, T0 + 3 * MINUTE, IDLE)).toBeUndefined();
        expect(await sessions.touch(a2, T0 + 3 * MINUTE, IDLE)).toBeUndefined();
        expect(await sessions.touch(b1, T0 + 3 * MINUTE, IDLE)).toStrictEqual({
          subjectId: bob,
          createdAt: T0,
          lastSeen: T0 + 3 * MINUTE,
        });
        await sessions.destroyAllFor(randomUUID());
        await sessions.destroyAllFor('not-a-uuid');
        expect(await sessions.touch(b1, T0 + 4 * MINUTE, IDLE)).toStrictEqual({
          subjectId: bob,
          createdAt: T0,
          lastSeen: T0 + 4 * MINUTE,
        });
      });

      it('touch(undefined) and an unknown id answer undefined', async () => {
        await sessions.create(await kind.subject(), T0);
        expect(await sessions.touch(undefined, T0, IDLE)).toBeUndefined();
        expect(await sessions.touch('', T0, IDLE)).toBeUndefined();
        expect(await sessions.touch('c2Vzc2lvbi10aGF0LXdhcy1uZXZlci1pc3N1ZWQtYXQtYWxs', T0, IDLE)).toBeUndefined();
      });
    });
  }

  describe("the admin's second factors (docs/decisions/027-admin-second-factor.md)", () => {
    const passkey = (id: string) => ({
      id,
      publicKey: 'cHVibGljLWtleQ',
      counter: 0,
      transports: ['internal'],
      createdAt: new Date(T0).toISOString(),
    });

    it('start empty, and keep a TOTP secret, passkeys and recovery codes', async () => {
      const adminId = randomUUID();
      expect(await store.adminFactors.of(adminId)).toBeUndefined();
      await store.adminFactors.setTotp(adminId, 'sealed-secret');
      await store.adminFactors.addPasskey(adminId, passkey('cred-1'));
      await store.adminFactors.setPasskeyCounter(adminId, 'cred-1', 7);
      await store.adminFactors.replaceRecoveryCodes(adminId, ['h1', 'h2']);
      expect(await store.adminFactors.of(adminId)).toStrictEqual({
        adminId,
        totpSecret: 'sealed-secret',
        totpLastStep: 0,
        passkeys: [{ ...passkey('cred-1'), counter: 7 }],
        recoveryCodeHashes: ['h1', 'h2'],
      });
      await store.adminFactors.removePasskey(adminId, 'cred-1');
      expect((await store.adminFactors.of(adminId))?.passkeys).toStrictEqual([]);
    });

    it('accept each TOTP step and recovery code once, even when the tries race', async () => {
      const adminId = randomUUID();
      await store.adminFactors.setTotp(adminId, 'sealed');
      await store.adminFactors.replaceRecoveryCodes(adminId, ['h1', 'h2']);
      const steps = await Promise.all([1, 2, 3].map(() => store.adminFactors.useTotpStep(adminId, 100)));
      expect(steps.filter(Boolean)).toHaveLength(1);
      expect(await store.adminFactors.useTotpStep(adminId, 99)).toBe(false);
      expect(await store.adminFactors.useTotpStep(adminId, 101)).toBe(true);
      const codes = await Promise.all([1, 2, 3].map(() => store.adminFactors.useRecoveryCode(adminId, 'h1')));
      expect(codes.filter(Boolean)).toHaveLength(1);
      expect((await store.adminFactors.of(adminId))?.recoveryCodeHashes).toStrictEqual(['h2']);
    });

    it('give a challenge back once, and never after it expired', async () => {
      await store.adminFactors.putChallenge('k1', 'challenge-1', T0 + MINUTE);
      await store.adminFactors.putChallenge('k2', 'challenge-2', T0 + MINUTE);
      expect(await store.adminFactors.takeChallenge('k1', T0)).toBe('challenge-1');
      expect(await store.adminFactors.takeChallenge('k1', T0)).toBeUndefined();
      expect(await store.adminFactors.takeChallenge('k2', T0 + MINUTE)).toBeUndefined();
    });
  });

  describe('admin and member sessions', () => {
    const IDLE = 30 * MINUTE;

    it('are kept apart: an id from one opens nothing in the other', async () => {
      const m = member();
      await insertMembers(m);
      const adminSession = await store.sessions.create(randomUUID(), T0);
      const memberSession = await store.memberSessions.create(m.id, T0);
      expect(await store.memberSessions.touch(adminSession, T0 + MINUTE, IDLE)).toBeUndefined();
      expect(await store.sessions.touch(memberSession, T0 + MINUTE, IDLE)).toBeUndefined();
      // Neither touch removed the other's session.
      expect(await store.memberSessions.touch(memberSession, T0 + MINUTE, IDLE)).toStrictEqual({
        subjectId: m.id,
        createdAt: T0,
        lastSeen: T0 + MINUTE,
      });
      expect(await store.sessions.touch(adminSession, T0 + MINUTE, IDLE)).toBeDefined();
    });

    it("a member's session idle for days outlives a new session of theirs, within a 90-day idle time", async () => {
      const MEMBER_IDLE = 90 * DAY;
      const m = member();
      await insertMembers(m);
      const phone = await store.memberSessions.create(m.id, T0);
      // Two days later the member signs in on another browser.
      const laptop = await store.memberSessions.create(m.id, T0 + 2 * DAY);
      expect(await store.memberSessions.touch(phone, T0 + 2 * DAY + MINUTE, MEMBER_IDLE)).toStrictEqual({
        subjectId: m.id,
        createdAt: T0,
        lastSeen: T0 + 2 * DAY + MINUTE,
      });
      expect(await store.memberSessions.touch(laptop, T0 + 2 * DAY + MINUTE, MEMBER_IDLE)).toStrictEqual({
        subjectId: m.id,
        createdAt: T0 + 2 * DAY,
        lastSeen: T0 + 2 * DAY + MINUTE,
      });
    });
  });

  describe('sign-ins', () => {
    const EXPIRY = 15 * MINUTE;
    let signInSerial = 0;

    /** A pending sign-in of `memberId` with fresh (fake) hashes. */
    function signIn(memberId: string, overrides: Partial<StoredSignIn> = {}): StoredSignIn {
      signInSerial += 1;
      return {
        memberId,
        codeHash: `code-${signInSerial}-${randomUUID()}`,
        linkHash: `link-${signInSerial}-${randomUUID()}`,
        expiresAt: at(EXPIRY),
        wrongCodes: 0,
        createdAt: at(),
        ...overrides,
      };
    }

    const twoMembers = async (): Promise<[StoredMember, StoredMember]> => {
      const [m, n] = [member(), member()];
      await insertMembers(m, n);
      return [m, n];
    };

    it("ofMember answers the member's pending sign-in as put, and undefined for anyone else", async () => {
      const [m, n] = await twoMembers();
      const pending = signIn(m.id, { wrongCodes: 2, createdAt: at(MINUTE), expiresAt: at(MINUTE + EXPIRY) });
      await store.signIns.put(pending);
      expect(await store.signIns.ofMember(m.id)).toStrictEqual(pending);
      expect(await store.signIns.ofMember(n.id)).toBeUndefined();
      expect(await store.signIns.ofMember(randomUUID())).toBeUndefined();
      expect(await store.signIns.ofMember('not-a-uuid')).toBeUndefined();
      // A copy: changing it changes nothing stored.
      const fetched = await store.signIns.ofMember(m.id);
      fetched!.wrongCodes = 99;
      fetched!.codeHash = 'tampered';
      expect(await store.signIns.ofMember(m.id)).toStrictEqual(pending);
    });

    it("put replaces the member's pending sign-in, whose code and link then do nothing; others' stay", async () => {
      const [m, n] = await twoMembers();
      const first = signIn(m.id, { wrongCodes: 3 });
      const theirs = signIn(n.id);
      await store.signIns.put(first);
      await store.signIns.put(theirs);
      const second = signIn(m.id, { createdAt: at(5 * MINUTE), expiresAt: at(5 * MINUTE + EXPIRY) });
      await store.signIns.put(second);

      expect(await store.signIns.ofMember(m.id)).toStrictEqual(second);
      expect(await store.signIns.take({ linkHash: first.linkHash })).toBeUndefined();
      // The old code is now simply a wrong one for the new sign-in.
      expect(await store.signIns.tryCode(m.id, first.codeHash, new Date(T0 + 6 * MINUTE), 5)).toStrictEqual({
        outcome: 'wrong',
        wrongCodes: 1,
      });
      expect(await store.signIns.ofMember(m.id)).toStrictEqual({ ...second, wrongCodes: 1 });
      expect(await store.signIns.ofMember(n.id)).toStrictEqual(theirs);
    });

    it('tryCode: a wrong code counts and answers the count; the right one removes the sign-in once', async () => {
      const [m, n] = await twoMembers();
      const pending = signIn(m.id);
      await store.signIns.put(pending);
      const now = new Date(T0 + MINUTE);
      expect(await store.signIns.tryCode(m.id, 'not-the-code-hash', now, 5)).toStrictEqual({
        outcome: 'wrong',
        wrongCodes: 1,
      });
      // The link hash is not a code hash.
      expect(await store.signIns.tryCode(m.id, pending.linkHash, now, 5)).toStrictEqual({
        outcome: 'wrong',
        wrongCodes: 2,
      });
      expect(await store.signIns.ofMember(m.id)).toStrictEqual({ ...pending, wrongCodes: 2 });
      // Another member's code, or no pending sign-in at all: expired, and nothing changes.
      expect(await store.signIns.tryCode(n.id, pending.codeHash, now, 5)).toStrictEqual({ outcome: 'expired' });
      expect(await store.signIns.tryCode('not-a-uuid', pending.codeHash, now, 5)).toStrictEqual({
        outcome: 'expired',
      });

      expect(await store.signIns.tryCode(m.id, pending.codeHash, now, 5)).toStrictEqual({
        outcome: 'signed-in',
        signIn: { ...pending, wrongCodes: 2 },
      });
      expect(await store.signIns.tryCode(m.id, pending.codeHash, now, 5)).toStrictEqual({ outcome: 'expired' });
      expect(await store.signIns.take({ linkHash: pending.linkHash })).toBeUndefined();
      expect(await store.signIns.ofMember(m.id)).toBeUndefined();
    });

    it('tryCode refuses an expired sign-in and one that used up its wrong tries, even with the right code', async () => {
      const [m, n] = await twoMembers();
      const expiring = signIn(m.id, { createdAt: at(0), expiresAt: at(EXPIRY) });
      await store.signIns.put(expiring);
      expect(await store.signIns.tryCode(m.id, expiring.codeHash, new Date(T0 + EXPIRY), 5)).toStrictEqual({
        outcome: 'expired',
      });
      // Removed: even a moment before expiry (a clock set back) it is gone.
      expect(await store.signIns.ofMember(m.id)).toBeUndefined();
      expect(await store.signIns.tryCode(m.id, expiring.codeHash, new Date(T0 + EXPIRY - 1), 5)).toStrictEqual({
        outcome: 'expired',
      });
      await store.signIns.put(expiring);
      expect(await store.signIns.tryCode(m.id, expiring.codeHash, new Date(T0 + EXPIRY - 1), 5)).toMatchObject({
        outcome: 'signed-in',
      });

      const spent = signIn(n.id, { wrongCodes: 4 });
      await store.signIns.put(spent);
      expect(await store.signIns.tryCode(n.id, 'wrong', new Date(T0), 5)).toStrictEqual({
        outcome: 'wrong',
        wrongCodes: 5,
      });
      expect(await store.signIns.tryCode(n.id, spent.codeHash, new Date(T0), 5)).toStrictEqual({
        outcome: 'expired',
      });
      expect(await store.signIns.ofMember(n.id)).toStrictEqual({ ...spent, wrongCodes: 5 });
    });

    it('tryCode counts before it compares: 20 wrong codes and the right one at once, never more than the limit compared', async () => {
      const [m] = await twoMembers();
      const pending = signIn(m.id);
      await store.signIns.put(pending);
      const now = new Date(T0 + MINUTE);
      const attempts = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => store.signIns.tryCode(m.id, `wrong-${i}`, now, 5)),
        store.signIns.tryCode(m.id, pending.codeHash, now, 5),
      ]);
      const wrong = attempts.filter((a) => a.outcome === 'wrong');
      const signedIn = attempts.filter((a) => a.outcome === 'signed-in');
      // Whatever the order, at most 5 wrong tries were compared, and the right code won only if it
      // came before the fifth.
      expect(wrong.length).toBeLessThanOrEqual(5);
      expect(wrong.length + signedIn.length).toBeLessThanOrEqual(6);
      expect(signedIn.length).toBeLessThanOrEqual(1);
      if (signedIn.length === 0) expect(wrong.length).toBe(5);
    });

    it('take by link hash returns and removes it once; a wrong hash takes nothing and it stays', async () => {
      const [m, n] = await twoMembers();
      const pending = signIn(m.id);
      const theirs = signIn(n.id);
      await store.signIns.put(pending);
      await store.signIns.put(theirs);

      expect(await store.signIns.take({ linkHash: 'not-the-link-hash' })).toBeUndefined();
      // The code hash is not a link hash.
      expect(await store.signIns.take({ linkHash: pending.codeHash })).toBeUndefined();
      expect(await store.signIns.ofMember(m.id)).toStrictEqual(pending);

      expect(await store.signIns.take({ linkHash: pending.linkHash })).toStrictEqual(pending);
      expect(await store.signIns.take({ linkHash: pending.linkHash })).toBeUndefined();
      expect(await store.signIns.tryCode(m.id, pending.codeHash, new Date(T0), 5)).toStrictEqual({
        outcome: 'expired',
      });
      expect(await store.signIns.ofMember(m.id)).toBeUndefined();
      expect(await store.signIns.ofMember(n.id)).toStrictEqual(theirs);
    });

    it('take answers the record as it is, even an expired one (the caller checks expiresAt)', async () => {
      const [m] = await twoMembers();
      const expired = signIn(m.id, { createdAt: at(-2 * EXPIRY), expiresAt: at(-EXPIRY) });
      await store.signIns.put(expired);
      expect(await store.signIns.take({ linkHash: expired.linkHash })).toStrictEqual(expired);
      expect(await store.signIns.ofMember(m.id)).toBeUndefined();
    });

    it("remove drops the member's pending sign-in only; removing none is a no-op", async () => {
      const [m, n] = await twoMembers();
      const pending = signIn(m.id);
      const theirs = signIn(n.id);
      await store.signIns.put(pending);
      await store.signIns.put(theirs);

      await store.signIns.remove(m.id);
      expect(await store.signIns.ofMember(m.id)).toBeUndefined();
      expect(await store.signIns.take({ linkHash: pending.linkHash })).toBeUndefined();
      await store.signIns.remove(m.id);
      await store.signIns.remove(randomUUID());
      await store.signIns.remove('not-a-uuid');
      expect(await store.signIns.ofMember(n.id)).toStrictEqual(theirs);
    });

    it('concurrent uses of the same link or code: exactly one wins', async () => {
      const [m, n] = await twoMembers();
      const byLink = signIn(m.id);
      const byCode = signIn(n.id);
      await store.signIns.put(byLink);
      await store.signIns.put(byCode);

      const linkTakes = await Promise.all(
        Array.from({ length: 8 }, () => store.signIns.take({ linkHash: byLink.linkHash })),
      );
      expect(linkTakes.filter((t) => t !== undefined)).toStrictEqual([byLink]);

      const codeTakes = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          i % 2 === 0
            ? store.signIns
                .tryCode(n.id, byCode.codeHash, new Date(T0), 5)
                .then((a) => (a.outcome === 'signed-in' ? a.signIn : undefined))
            : store.signIns.take({ linkHash: byCode.linkHash }),
        ),
      );
      expect(codeTakes.filter((t) => t !== undefined)).toStrictEqual([byCode]);
      expect(await store.signIns.ofMember(m.id)).toBeUndefined();
      expect(await store.signIns.ofMember(n.id)).toBeUndefined();
    });
  });

  describe('member keys (docs/decisions/025-e-mail-key-flow.md)', () => {
    const key = (memberId: string, issuedAt = T0): MemberKey => ({
      keyId: randomUUID(),
      memberId,
      issuedAt: new Date(issuedAt),
      expiresAt: new Date(issuedAt + 7 * DAY),
    });

    it('a key is usable until used, and used once', async () => {
      const m = member();
      await insertMembers(m);
      const k = key(m.id);
      expect(await store.memberKeys.usable(k)).toBe(true);
      expect(await store.memberKeys.usable(k)).toBe(true);
      expect(await store.memberKeys.use(k, new Date(T0 + MINUTE))).toBe(true);
      expect(await store.memberKeys.usable(k)).toBe(false);
      expect(await store.memberKeys.use(k, new Date(T0 + 2 * MINUTE))).toBe(false);
      expect(await store.memberKeys.use(key(m.id), new Date(T0 + 2 * MINUTE))).toBe(true);
    });

    it('one key used at once by many: exactly one use wins', async () => {
      const m = member();
      await insertMembers(m);
      const k = key(m.id);
      const uses = await Promise.all(Array.from({ length: 8 }, () => store.memberKeys.use(k, new Date(T0 + MINUTE))));
      expect(uses.filter(Boolean)).toHaveLength(1);
    });

    it('revokeAll kills the keys issued at or before it, of that member only; later keys work', async () => {
      const [m, n] = [member(), member()];
      await insertMembers(m, n);
      const old = key(m.id, T0);
      const atRevocation = key(m.id, T0 + MINUTE);
      const others = key(n.id, T0);
      await store.memberKeys.revokeAll(m.id, new Date(T0 + MINUTE));
      // An earlier revocation never moves the line back.
      await store.memberKeys.revokeAll(m.id, new Date(T0));
      expect(await store.memberKeys.usable(old)).toBe(false);
      expect(await store.memberKeys.use(old, new Date(T0 + 2 * MINUTE))).toBe(false);
      expect(await store.memberKeys.use(atRevocation, new Date(T0 + 2 * MINUTE))).toBe(false);
      expect(await store.memberKeys.use(key(m.id, T0 + MINUTE + 1), new Date(T0 + 2 * MINUTE))).toBe(true);
      expect(await store.memberKeys.use(others, new Date(T0 + 2 * MINUTE))).toBe(true);
      await store.memberKeys.revokeAll(randomUUID(), new Date(T0));
      await store.memberKeys.revokeAll('not-a-uuid', new Date(T0));
    });

    it("a key of a member who is gone is never usable again, and the member's key records go with them", async () => {
      const m = member();
      await insertMembers(m);
      const used = key(m.id);
      expect(await store.memberKeys.use(used, new Date(T0 + MINUTE))).toBe(true);
      await store.memberKeys.revokeAll(m.id, new Date(T0 + MINUTE));
      await write((tx) => tx.deleteMember(m.id));
      expect(await store.memberKeys.use(key(m.id, T0 + DAY), new Date(T0 + DAY))).toBe(false);
    });

    it('signIns.byLink answers the pending sign-in of a link hash and leaves it in place', async () => {
      const m = member();
      await insertMembers(m);
      const pending: StoredSignIn = {
        memberId: m.id,
        codeHash: `code-${randomUUID()}`,
        linkHash: `link-${randomUUID()}`,
        expiresAt: at(15 * MINUTE),
        wrongCodes: 0,
        createdAt: at(),
      };
      await store.signIns.put(pending);
      expect(await store.signIns.byLink(pending.linkHash)).toStrictEqual(pending);
      expect(await store.signIns.byLink(pending.linkHash)).toStrictEqual(pending);
      expect(await store.signIns.byLink('link-unknown')).toBeUndefined();
      expect(await store.signIns.take({ linkHash: pending.linkHash })).toStrictEqual(pending);
      expect(await store.signIns.byLink(pending.linkHash)).toBeUndefined();
    });

    it("destroyAllFor answers how many of the member's sessions it ended", async () => {
      const [m, n] = [member(), member()];
      await insertMembers(m, n);
      await store.memberSessions.create(m.id, T0);
      await store.memberSessions.create(m.id, T0 + MINUTE);
      await store.memberSessions.create(n.id, T0);
      expect(await store.memberSessions.destroyAllFor(m.id)).toBe(2);
      expect(await store.memberSessions.destroyAllFor(m.id)).toBe(0);
      expect(await store.memberSessions.destroyAllFor(n.id)).toBe(1);
    });

    it('the invite credit fields are kept as inserted and patched (docs/product/rules.md#invites)', async () => {
      const inviter = member({ inviteCreditDay: '2026-03-02', inviteCreditsThatDay: 3 });
      const friend = member({ invitedBy: inviter.id, inviteCredit: 'pending' });
      await insertMembers(inviter, friend);
      expect(await store.memberById(inviter.id)).toStrictEqual(inviter);
      expect(await store.memberById(friend.id)).toStrictEqual(friend);
      await write(async (tx) => {
        await tx.updateMember(friend.id, { inviteCredit: 'paid' });
        await tx.updateMember(inviter.id, { inviteCreditDay: '2026-03-03', inviteCreditsThatDay: 1 });
      });
      expect(await store.memberById(friend.id)).toStrictEqual({ ...friend, inviteCredit: 'paid' });
      expect(await store.memberById(inviter.id)).toStrictEqual({
        ...inviter,
        inviteCreditDay: '2026-03-03',
        inviteCreditsThatDay: 1,
      });
    });
  });

  describe('rate limiter', () => {
    it('counts points per key: two pass, the third is refused with a RateLimiterRes; another key is independent', async () => {
      const limiter = store.rateLimiter({ points: 2, duration: 60, keyPrefix: 'suite' });
      const first = await limiter.consume('203.0.113.7');
      expect(first).toBeInstanceOf(RateLimiterRes);
      expect(first).toMatchObject({ remainingPoints: 1, consumedPoints: 1 });
      expect(await limiter.consume('203.0.113.7')).toMatchObject({ remainingPoints: 0, consumedPoints: 2 });

      const refused: unknown = await limiter.consume('203.0.113.7').then(
        () => 'passed',
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(RateLimiterRes);
      const res = refused as RateLimiterRes;
      expect(res.remainingPoints).toBe(0);
      expect(res.consumedPoints).toBeGreaterThanOrEqual(3);
      expect(res.msBeforeNext).toBeGreaterThan(0);
      expect(res.msBeforeNext).toBeLessThanOrEqual(60_000);

      expect(await limiter.consume('198.51.100.2')).toMatchObject({ remainingPoints: 1, consumedPoints: 1 });
      // Another prefix counts apart too.
      const other = store.rateLimiter({ points: 2, duration: 60, keyPrefix: 'suite-other' });
      expect(await other.consume('203.0.113.7')).toMatchObject({ remainingPoints: 1, consumedPoints: 1 });
    });
  });
}
