/**
 * The rules of the level-up e-mail and of the daily reflection after day 90
 * (docs/decisions/023-level-up-and-continuing-email.md), without a store, SMTP or HTTP.
 */
import { describe, expect, it } from 'vitest';
import { promptForDay, type StoredMember } from '@prr/domain';
import { levelUpMessage, reflectionMessage } from '../../../src/mail/messages.js';
import { escapeMarkup } from '../../../src/markup.js';
import type { StoredEmailDelivery } from '../../../src/store/schema.js';
import type { MemberDeliveries } from '../../../src/store/types.js';
import {
  JOIN_LEVEL,
  announcedLevel,
  claimRecord,
  dueFor,
  failedRecord,
  levelUpKey,
  localTime,
  owedLevelUp,
  promptDay,
  sentRecord,
  type Due,
} from '../../../src/scheduler/emailDelivery.js';

/** Joined 1 March 2025 at 10:00 in New York, confirmed, reminders at 09:00, still at the join's 25 points. */
function member(overrides: Partial<StoredMember> = {}): StoredMember {
  return {
    id: 'm1',
    name: 'Ada',
    email: 'ada@example.org',
    zipCode: '10001',
    state: 'New York',
    joinedAt: '2025-03-01T15:00:00.000Z',
    isActive: true,
    emailReminders: true,
    emailConfirmed: true,
    reminderTime: '09:00',
    timezone: 'America/New_York',
    points: 25,
    level: 'Explorer',
    levelSeen: 'Explorer',
    ...overrides,
  };
}

const at = (iso: string) => {
  const now = new Date(iso);
  return { now, local: localTime(now, 'America/New_York') };
};

const none: MemberDeliveries = { welcome: undefined, reflection: undefined, levelUp: undefined };

/** The welcome and day `day`'s reflection already sent: only a level-up can be due. */
function sentUpTo(day: number, levelUp?: StoredEmailDelivery): MemberDeliveries {
  const t = new Date('2025-03-01T15:00:00Z');
  const due = (kind: Due['kind'], key: string, d: number): Due => ({
    memberId: 'm1',
    kind,
    key,
    localDate: '2025-03-01',
    day: d,
    retry: false,
  });
  return {
    welcome: sentRecord(claimRecord(due('welcome', 'm1:welcome:2025-03-01', 1), undefined, t, 'w'), t),
    reflection: sentRecord(claimRecord(due('reflection', `m1:reflection:day${day}`, day), undefined, t, 'r'), t),
    levelUp,
  };
}

function levelUpRecord(
  level: 'Agent' | 'Advocate',
  status: 'sent' | 'retry' | 'sending' = 'sent',
): StoredEmailDelivery {
  // Day 5, 15:00 in New York: a failure now is retried from 15:01.
  const t = new Date('2025-03-05T20:00:00Z');
  const claimed = claimRecord(
    { memberId: 'm1', kind: 'level-up', key: levelUpKey('m1', level), localDate: '2025-03-05', day: 5, retry: false },
    undefined,
    t,
    'l',
  );
  if (status === 'sending') return claimed;
  return status === 'sent' ? sentRecord(claimed, t) : failedRecord(claimed, t, 'refused');
}

describe('owedLevelUp', () => {
  it('with no level-up sent yet: the level when it is above the one the join gave (Explorer)', () => {
    expect(JOIN_LEVEL).toBe('Explorer');
    expect(owedLevelUp({ points: 25, levelSeen: 'Explorer' }, undefined)).toBeUndefined();
    expect(owedLevelUp({ points: 50, levelSeen: 'Explorer' }, undefined)).toBe('Agent');
    // The dashboard having celebrated it already changes nothing: the e-mail is owed all the same.
    expect(owedLevelUp({ points: 50, levelSeen: 'Agent' }, undefined)).toBe('Agent');
  });

  it('after one: only a higher level, and a skipped level is one e-mail for the level reached', () => {
    expect(owedLevelUp({ points: 149, levelSeen: 'Agent' }, levelUpRecord('Agent'))).toBeUndefined();
    expect(owedLevelUp({ points: 150, levelSeen: 'Agent' }, levelUpRecord('Agent'))).toBe('Advocate');
    expect(owedLevelUp({ points: 300, levelSeen: 'Explorer' }, levelUpRecord('Agent'))).toBe('Guardian');
    // Whatever became of the last one (sending, given up), its level is not announced again.
    expect(owedLevelUp({ points: 60 }, levelUpRecord('Agent', 'sending'))).toBeUndefined();
  });

  it('nothing for a member from before level-ups were noticed (no levelSeen): their level may be months old', () => {
    expect(owedLevelUp({ points: 200 }, undefined)).toBeUndefined();
  });

  it('reads the level from the key memberId:level-up:<Level>, and none from other records', () => {
    expect(announcedLevel({ kind: 'level-up', key: 'm1:level-up:Advocate' })).toBe('Advocate');
    expect(announcedLevel({ kind: 'level-up', key: 'm1:level-up:Nonsense' })).toBeUndefined();
    expect(announcedLevel({ kind: 'reflection', key: 'm1:reflection:2025-03-01' })).toBeUndefined();
  });
});

describe('dueFor: the level-up e-mail', () => {
  const { now, local } = at('2025-03-05T20:00:00Z'); // day 5, 15:00 in New York

  it('is due once the points cross a level, keyed by the level, before the daily reflection', () => {
    const agent = member({ points: 60, level: 'Agent' });
    expect(dueFor(agent, sentUpTo(5), now, local)).toEqual([
      { memberId: 'm1', kind: 'level-up', key: 'm1:level-up:Agent', localDate: '2025-03-05', day: 5, retry: false },
    ]);
    expect(dueFor(agent, sentUpTo(4), now, local).map((d) => d.kind)).toEqual(['level-up', 'reflection']);
    expect(dueFor(agent, sentUpTo(5, levelUpRecord('Agent')), now, local)).toEqual([]);
  });

  it('goes only where the daily reminders go: active, reminders on, a confirmed address', () => {
    const agent = { points: 60, level: 'Agent' } as const;
    expect(dueFor(member({ ...agent, emailReminders: false }), sentUpTo(5), now, local)).toEqual([]);
    expect(dueFor(member({ ...agent, emailConfirmed: false }), sentUpTo(5), now, local)).toEqual([]);
    expect(dueFor(member({ ...agent, isActive: false }), sentUpTo(5), now, local)).toEqual([]);
  });

  it('a failed one is retried after its back-off, unless a higher level replaces it', () => {
    const failed = levelUpRecord('Agent', 'retry');
    const agent = member({ points: 60, level: 'Agent' });
    expect(dueFor(agent, sentUpTo(5, failed), now, local)).toEqual([]);
    const later = at('2025-03-05T20:01:00Z');
    expect(dueFor(agent, sentUpTo(5, failed), later.now, later.local)).toEqual([
      expect.objectContaining({ kind: 'level-up', key: 'm1:level-up:Agent', retry: true }),
    ]);
    const advocate = member({ points: 150, level: 'Advocate' });
    expect(dueFor(advocate, sentUpTo(5, failed), later.now, later.local)).toEqual([
      expect.objectContaining({ kind: 'level-up', key: 'm1:level-up:Advocate', retry: false }),
    ]);
  });

  it('after day 90 only for a member who chose to continue', () => {
    const day95 = at('2025-06-03T20:00:00Z');
    const agent = { points: 60, level: 'Agent' } as const;
    expect(dueFor(member(agent), sentUpTo(95), day95.now, day95.local)).toEqual([]);
    expect(dueFor(member({ ...agent, afterExperiment: 'stop' }), sentUpTo(95), day95.now, day95.local)).toEqual([]);
    expect(dueFor(member({ ...agent, afterExperiment: 'continue' }), sentUpTo(95), day95.now, day95.local)).toEqual([
      expect.objectContaining({ kind: 'level-up', key: 'm1:level-up:Agent', day: 95 }),
    ]);
  });
});

describe('dueFor: the daily reflection after day 90', () => {
  // Day 91 of a 1 March 2025 join is 30 May; 09:00 New York summer time is 13:00 UTC.
  const day91 = at('2025-05-30T13:00:00Z');

  it('goes on for a member who chose to continue, counting the days on', () => {
    expect(dueFor(member({ afterExperiment: 'continue' }), sentUpTo(90), day91.now, day91.local)).toEqual([
      {
        memberId: 'm1',
        kind: 'reflection',
        key: 'm1:reflection:2025-05-30',
        localDate: '2025-05-30',
        day: 91,
        retry: false,
      },
    ]);
    // Far past the 90 days (and the store's join-date window) too.
    const day400 = at('2026-04-04T13:00:00Z');
    expect(dueFor(member({ afterExperiment: 'continue' }), sentUpTo(399), day400.now, day400.local)).toEqual([
      expect.objectContaining({ kind: 'reflection', day: 400 }),
    ]);
  });

  it('stops after day 90 for a member who chose to stop, or did not choose', () => {
    expect(dueFor(member({ afterExperiment: 'stop' }), sentUpTo(90), day91.now, day91.local)).toEqual([]);
    expect(dueFor(member(), sentUpTo(90), day91.now, day91.local)).toEqual([]);
  });

  it('carries the prompts again from day 1: day 91 has day 1 prompt, day 180 day 90, day 181 day 1', () => {
    expect([1, 90, 91, 92, 180, 181, 400].map(promptDay)).toEqual([1, 90, 1, 2, 90, 1, 40]);
  });
});

describe('the messages', () => {
  const ctx = {
    publicUrl: 'https://peace.test',
    unsubscribeUrl: 'https://peace.test/unsubscribe?token=t',
    dashboardUrl: 'https://peace.test/dashboard?key=k',
  };
  const recipient = member({ name: 'Ada <b>Byron</b>' });

  it("the level-up: 'You are now an Agent', plain and HTML, the unsubscribe link and the name escaped", () => {
    const message = levelUpMessage(recipient, ctx, 'Agent');
    expect(message).toMatchObject({ kind: 'level-up', to: 'ada@example.org', subject: 'You are now an Agent' });
    expect(message.headers).toMatchObject({
      'List-Unsubscribe': `<${ctx.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(message.text).toContain('You are now an Agent, Ada.');
    expect(message.text).toContain('The next level, Advocate, starts at 150 points.');
    expect(message.text).toContain(`See my progress: ${ctx.dashboardUrl}`);
    expect(message.text).toContain(ctx.unsubscribeUrl);
    expect(message.html).toContain(`href="${escapeMarkup(ctx.unsubscribeUrl)}"`);
    expect(message.html).not.toContain('<b>Byron');
    expect(levelUpMessage(recipient, ctx, 'Guardian').subject).toBe('You are now a Guardian');
    expect(levelUpMessage(recipient, ctx, 'Guardian').text).toContain('top of the ladder');
  });

  it('the daily reflection after day 90 names the day and carries the prompt, asking for nothing to record', () => {
    const prompt = promptForDay(1)!;
    const message = reflectionMessage(recipient, ctx, prompt, 91);
    expect(message.subject).toBe(`Day 91: ${prompt.title}`);
    expect(message.text).toContain(prompt.prompt);
    expect(message.text).not.toContain("Record today's reflection");
    expect(reflectionMessage(recipient, ctx, prompt).subject).toBe(`Your first reflection: ${prompt.title}`);
  });
});

it('none of this for a member with nothing to send', () => {
  const { now, local } = at('2025-03-01T15:00:00Z');
  // Just joined: the welcome and the first reflection, no level-up.
  expect(dueFor(member({ points: 25 }), none, now, local).map((d) => d.kind)).toEqual(['welcome', 'reflection']);
});
