/**
 * Writes a valid lowdb data file of N members × D days of reflections, streamed to disk, so files
 * larger than V8's longest string (512 MB: 50,000 members × 15 days is about 1 GB) can be made
 * without holding the data in memory. Deterministic: the same options give the same bytes. Each
 * member's data is derived from (seed, member index), so every array is generated on its own pass
 * without storing anything between passes. Test data, not product code: the import's tests and
 * the bench (bench/server/) write their files with it.
 *
 * From a shell, for a manual check or the bench:
 *   node --import tsx packages/server/test/generateLowdbFile.ts <file> <members> <days> [seed]
 *
 * Values match store/schema.ts and the contract: UUID ids, REMINDER_TIMES and TIMEZONE_IDS,
 * reflection texts of a few hundred characters that include what COPY must escape (newlines,
 * tabs, backslashes, quotes) and characters outside the BMP.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  REMINDER_TIMES,
  TIMEZONE_IDS,
  US_STATES,
  levelForPoints,
  type StateParticipation,
  type Testimonial,
  type FeaturedProduct,
} from '@prr/contract';
import {
  ACHIEVEMENTS,
  achievementRecord,
  promptForDay,
  type StoredAchievement,
  type StoredMember,
  type StoredReflection,
  type StoredRippleEffect,
} from '@prr/domain';
import type { StoredAdmin, StoredEmailDelivery } from '../src/store/schema.js';
import { COLLECTIONS, zeroCounts, type CollectionName, type ImportCounts } from '../src/tools/import/collections.js';

export interface LowdbFileOptions {
  members: number;
  /** Reflections per member: days 1..days of the experiment (at most 90). */
  days: number;
  seed?: number;
  /** The top-level arrays in this order; any left out are absent from the file. Default: lowdb's order. */
  order?: readonly CollectionName[];
  /** The members joined before this instant, early enough to have reached `days`. */
  now?: Date;
}

export interface LowdbFileSummary {
  bytes: number;
  counts: ImportCounts;
}

const DAY_MS = 86_400_000;
const WRITE_CHUNK = 1024 * 1024;

// ---- deterministic randomness ------------------------------------------------------------------

/** A 32-bit hash of a few integers (murmur3's finaliser over a running mix). */
function hash(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ (value | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/**
 * sfc32 (128-bit state) seeded from the hashed inputs: distinct inputs give distinct streams, so
 * the UUIDs drawn from them do not collide (a 32-bit state would, at a million reflections).
 * Exported for the bench's COPY loader (bench/server/pgData.ts), which draws the same kind of data.
 */
export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(...seed: number[]) {
    this.#a = hash(1, ...seed);
    this.#b = hash(2, ...seed);
    this.#c = hash(3, ...seed);
    this.#d = hash(4, ...seed);
    for (let i = 0; i < 8; i += 1) this.u32();
  }

  u32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.u32() / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A version-4 UUID from this stream. */
  uuid(): string {
    let hex = '';
    for (let i = 0; i < 4; i += 1) hex += this.u32().toString(16).padStart(8, '0');
    const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

// ---- realistic values -------------------------------------------------------------------------

const FIRST = [
  'Maria',
  'James',
  'Aisha',
  'Chen',
  'Olivia',
  'Mateo',
  'Fatima',
  'Liam',
  'Priya',
  'Noah',
  'Sofia',
  'Kwame',
  'Emma',
  'Hiroshi',
  'Zoë',
  'José',
];
const LAST = [
  'Gonzalez',
  'Smith',
  'Okafor',
  'Wang',
  'Johnson',
  'Nguyen',
  'Müller',
  'Brown',
  'Patel',
  "O'Brien",
  'Kowalski',
  'Garcia',
  'Haddad',
  'Lee',
];
const DOMAINS = ['example.com', 'example.org', 'mail.example.net', 'Example.COM'];
const STATE_ENTRIES = Object.entries(US_STATES);
const WORDS = (
  'today I noticed my shoulders tense when my brother raised the topic again so I took one slow breath and asked ' +
  'what he meant instead of answering right away it felt strange at first but the conversation stayed calm and we ' +
  'both listened a little longer than usual at work a colleague interrupted me twice I wanted to snap back but I ' +
  'paused counted to three and said I would like to finish my thought she apologised later my daughter was upset ' +
  'about school and I tried to reflect back what I heard rather than fixing it she talked for twenty minutes'
).split(' ');
/** Rare pieces people really type: COPY escapes some, UTF-16 needs pairs for others. */
const ODDITIES = [
  '\n\n',
  '\n',
  '"quoted"',
  'C:\\Users\\me',
  '\ttabbed',
  '🙂',
  '💬🕊️',
  '—',
  'café',
  '\\n is not a newline',
  '\r\n',
];

/** Reflection-like text: words and sentences, with now and then what COPY must escape. */
export function sentenceText(random: Random, minChars: number, maxChars: number): string {
  const target = random.int(minChars, maxChars);
  let text = '';
  let sentenceStart = true;
  while (text.length < target) {
    const word = random.chance(0.02) ? random.pick(ODDITIES) : random.pick(WORDS);
    text += (text === '' ? '' : ' ') + (sentenceStart ? word.charAt(0).toUpperCase() + word.slice(1) : word);
    sentenceStart = random.chance(0.08);
    if (sentenceStart) text += '.';
  }
  return sentenceStart ? text : `${text}.`;
}

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number): string => new Date(ms).toISOString();

// ---- one member's data, derived from (seed, index) ------------------------------------------------

interface MemberPlan {
  index: number;
  member: StoredMember;
  joinedMs: number;
  /** Days of reflections written, 1..days. */
  days: number;
}

function planMember(seed: number, index: number, days: number, nowMs: number): MemberPlan {
  const random = new Random(seed, 1, index);
  const id = random.uuid();
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const [state] = random.pick(STATE_ENTRIES);
  // Old members typed their e-mails in any case; the index keeps addresses unique.
  const email = `${random.chance(0.1) ? first : first.toLowerCase()}.${last.toLowerCase().replace(/[^a-z]/g, '')}${index}@${random.pick(DOMAINS)}`;
  const joinedMs = nowMs - (days + random.int(0, 30)) * DAY_MS - random.int(0, DAY_MS - 1);
  const earned = ACHIEVEMENTS.filter((rule) => achievementEarned(seed, index, rule.type, days)).reduce(
    (sum, rule) => sum + rule.points,
    0,
  );
  const points = 25 + 2 * days + earned;
  return {
    index,
    member: {
      id,
      name: `${first} ${last}`,
      email,
      zipCode: String(random.int(10000, 99999)),
      state: random.chance(0.03) ? '' : state,
      joinedAt: isoTime(joinedMs),
      isActive: random.chance(0.9),
      emailReminders: random.chance(0.8),
      emailConfirmed: true,
      reminderTime: random.pick(REMINDER_TIMES),
      timezone: random.pick(TIMEZONE_IDS),
      points,
      level: levelForPoints(points),
    },
    joinedMs,
    days,
  };
}

function achievementEarned(seed: number, index: number, type: string, days: number): boolean {
  if (days < 7) return false;
  return type === 'week_streak' ? new Random(seed, 2, index).chance(0.7) : new Random(seed, 3, index).chance(0.3);
}

function reflection(seed: number, plan: MemberPlan, day: number): StoredReflection {
  const random = new Random(seed, 4, plan.index, day);
  const dayMs = plan.joinedMs + (day - 1) * DAY_MS;
  const prompt = promptForDay(day);
  const conflictCount = random.int(0, 5);
  return {
    id: random.uuid(),
    memberId: plan.member.id,
    day,
    date: isoDate(dayMs),
    paused: random.chance(0.8),
    reflected: random.chance(0.7),
    retried: random.chance(0.5),
    notes: sentenceText(random, 120, 480),
    mood: random.int(1, 10),
    conflictCount,
    successfulResponses: random.int(0, conflictCount),
    promptResponse: sentenceText(random, 120, 480),
    gratitudePractice: random.chance(0.4),
    breathingExercise: random.chance(0.5),
    perspectiveTaking: random.chance(0.4),
    empathyScore: random.int(1, 10),
    selfAwarenessScore: random.int(1, 10),
    // Files written before the prompt was compacted hold it on every reflection; a few answered
    // an older wording.
    reflectionPrompt: random.chance(0.02)
      ? `An earlier wording of day ${day}: ${sentenceText(random, 60, 120)}`
      : (prompt?.prompt ?? ''),
    exerciseType: prompt?.exerciseType ?? 'journaling',
    completedExercises: random.int(0, 3),
    savedAt: isoTime(dayMs + random.int(0, DAY_MS - 1)),
  };
}

function achievementsOf(seed: number, index: number, plan: MemberPlan): StoredAchievement[] {
  return ACHIEVEMENTS.filter((rule) => achievementEarned(seed, index, rule.type, plan.days)).map((rule, i) => {
    const random = new Random(seed, 5, index, i);
    const dayEarned = random.int(7, plan.days);
    // The same draws in the same order as always, so a seed keeps giving the same file.
    const id = random.uuid();
    const awardedAt = new Date(plan.joinedMs + (dayEarned - 1) * DAY_MS + random.int(0, DAY_MS - 1));
    return { ...achievementRecord(rule, plan.member.id, dayEarned, awardedAt), id };
  });
}

function rippleEffectsOf(seed: number, index: number, plan: MemberPlan): StoredRippleEffect[] {
  const random = new Random(seed, 6, index);
  if (!random.chance(0.4)) return [];
  return Array.from({ length: Math.floor(plan.days / 7) }, (_, i) => ({
    id: random.uuid(),
    memberId: plan.member.id,
    week: i + 1,
    relationshipImprovements: random.int(0, 5),
    positiveInteractions: random.int(0, 12),
    conflictsAvoided: random.int(0, 6),
    othersInspired: random.int(0, 4),
    notes: sentenceText(random, 60, 300),
    createdAt: isoTime(plan.joinedMs + (i + 1) * 7 * DAY_MS + random.int(0, DAY_MS - 1)),
  }));
}

function emailLogOf(seed: number, index: number, plan: MemberPlan): StoredEmailDelivery[] {
  const random = new Random(seed, 7, index);
  const { member } = plan;
  const welcomeMs = plan.joinedMs + random.int(1_000, 60_000);
  const entries: StoredEmailDelivery[] = [
    {
      key: `${member.id}:welcome:${isoDate(plan.joinedMs)}`,
      memberId: member.id,
      kind: 'welcome',
      localDate: isoDate(plan.joinedMs),
      day: 1,
      status: 'sent',
      attempts: 1,
      messageId: `<${random.uuid()}@mail.example.org>`,
      firstAttemptAt: isoTime(welcomeMs),
      lastAttemptAt: isoTime(welcomeMs),
      sentAt: isoTime(welcomeMs + 800),
    },
  ];
  if (member.isActive && member.emailReminders) {
    const dayMs = plan.joinedMs + (plan.days - 1) * DAY_MS;
    const failed = random.chance(0.05);
    entries.push({
      key: `${member.id}:reflection:${isoDate(dayMs)}`,
      memberId: member.id,
      kind: 'reflection',
      localDate: isoDate(dayMs),
      day: plan.days,
      status: failed ? 'retry' : 'sent',
      attempts: failed ? 2 : 1,
      messageId: `<${random.uuid()}@mail.example.org>`,
      firstAttemptAt: isoTime(dayMs),
      lastAttemptAt: isoTime(dayMs + (failed ? 300_000 : 0)),
      ...(failed
        ? { nextAttemptAt: isoTime(dayMs + 900_000), lastError: 'connect ETIMEDOUT' }
        : { sentAt: isoTime(dayMs + 900) }),
    });
  }
  return entries;
}

type ContentList = 'products' | 'testimonials' | 'states' | 'statesBackup' | 'admins';
const CONTENT_LISTS: readonly CollectionName[] = ['products', 'testimonials', 'states', 'statesBackup', 'admins'];
const isContentList = (name: CollectionName): name is ContentList => CONTENT_LISTS.includes(name);

function contentLists(seed: number): Pick<Record<CollectionName, unknown[]>, ContentList> {
  const random = new Random(seed, 8);
  const products: FeaturedProduct[] = ['olive-branch-pin', 'apprentice-tee', 'grocery-tote'].map((id) => ({
    id,
    name: id.replace(/-/g, ' '),
    imageUrl: `/assets/products/${id}.svg`,
    price: `$${random.int(10, 40)}.99`,
    shopifyUrl: `https://shop.example.org/products/${id}`,
  }));
  const testimonials: Testimonial[] = [1, 2, 3].map((n) => ({
    id: `t${n}`,
    name: `${random.pick(FIRST)} ${random.pick(LAST)}`,
    location: 'Springfield, IL',
    content: sentenceText(random, 80, 200),
    rating: random.int(4, 5),
    ...(n === 2 ? { avatarUrl: '/assets/avatars/2.svg' } : {}),
  }));
  const states: StateParticipation[] = STATE_ENTRIES.map(([state, stateCode]) => ({
    state,
    stateCode,
    peacemakers: random.int(0, 500),
  }));
  const admins: StoredAdmin[] = [
    {
      id: random.uuid(),
      name: 'Site Admin',
      email: 'admin@example.org',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2k1L0SdWm1wQ0R2b1Zb3H0fM2f8o0e7l7y8m3yH7x1A',
    },
  ];
  // As after one 'Update Map' (its own stream, so the lists above stay what they were).
  const backupRandom = new Random(seed, 9);
  const statesBackup: StateParticipation[] = states.map((s) => ({ ...s, peacemakers: backupRandom.int(0, 500) }));
  return { products, testimonials, states, statesBackup, admins };
}

// ---- streaming writer -------------------------------------------------------------------------

/** Writes a lowdb data file (compact JSON, one line, as lowdb writes it) and reports what it holds. */
export async function writeLowdbFile(file: string, options: LowdbFileOptions): Promise<LowdbFileSummary> {
  const seed = options.seed ?? 1;
  const days = Math.max(0, Math.min(90, options.days));
  const nowMs = (options.now ?? new Date('2025-06-01T12:00:00.000Z')).getTime();
  const order = options.order ?? COLLECTIONS;
  const counts = zeroCounts();
  const out = createWriteStream(file);
  let pending = '';
  let bytes = 0;

  const write = async (text: string): Promise<void> => {
    pending += text;
    if (pending.length < WRITE_CHUNK) return;
    await flush();
  };
  const flush = async (): Promise<void> => {
    const buffer = Buffer.from(pending);
    pending = '';
    bytes += buffer.length;
    if (!out.write(buffer)) await once(out, 'drain');
  };

  const lists = contentLists(seed);
  const perMember = (collection: CollectionName, plan: MemberPlan, index: number): unknown[] => {
    switch (collection) {
      case 'members':
        return [plan.member];
      case 'reflections':
        return Array.from({ length: plan.days }, (_, i) => reflection(seed, plan, i + 1));
      case 'achievements':
        return achievementsOf(seed, index, plan);
      case 'rippleEffects':
        return rippleEffectsOf(seed, index, plan);
      case 'emailLog':
        return emailLogOf(seed, index, plan);
      default:
        return [];
    }
  };

  try {
    await write('{"version":1');
    for (const collection of order) {
      await write(`,${JSON.stringify(collection)}:[`);
      let first = true;
      const element = async (value: unknown): Promise<void> => {
        await write((first ? '' : ',') + JSON.stringify(value));
        first = false;
        counts[collection] += 1;
      };
      if (isContentList(collection)) {
        for (const value of lists[collection]) await element(value);
      } else {
        for (let index = 0; index < options.members; index += 1) {
          const plan = planMember(seed, index, days, nowMs);
          for (const value of perMember(collection, plan, index)) await element(value);
        }
      }
      await write(']');
    }
    await write('}');
    await flush();
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    throw error;
  }
  return { bytes, counts };
}

async function main(args: readonly string[]): Promise<number> {
  const [file, members, days, seed] = args;
  const numbers = [members, days, seed ?? '1'].map(Number);
  if (!file || !numbers.every((n) => Number.isInteger(n) && n >= 0)) {
    process.stderr.write(
      'Usage: node --import tsx packages/server/test/generateLowdbFile.ts <file> <members> <days> [seed]\n',
    );
    return 1;
  }
  const { bytes, counts } = await writeLowdbFile(file, {
    members: Number(members),
    days: Number(days),
    seed: Number(seed ?? 1),
  });
  process.stdout.write(`Wrote ${file}: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${JSON.stringify(counts)}\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
