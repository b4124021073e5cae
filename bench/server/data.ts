/**
 * Data files for the server bench: the committed seed (db.json) plus N generated members, written
 * once per size as compact JSON (the store's own format) and copied fresh for every server start.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/proc.js';

/**
 * The admin of every production server the bench starts: NODE_ENV=production refuses to start
 * without ADMIN_EMAIL and ADMIN_PASSWORD (packages/server/src/config.ts). The admin list's bench
 * (adminSearch.ts) also signs in with it.
 */
export const BENCH_ADMIN = { email: 'bench.admin@example.org', password: 'bench-admin-password-1' } as const;

/** The member GET /api/me reads (reads case, run.ts), signed in with BENCH_MEMBER_SESSION. */
export const BENCH_MEMBER_EMAIL = 'bench.member@example.org';

/**
 * The bench member's session id, the prr_member cookie's value; the data file keeps only its
 * SHA-256, as the server's FileSessions does. New for every run.
 */
export const BENCH_MEMBER_SESSION = randomBytes(32).toString('base64url');

const PLACES: ReadonlyArray<readonly [zip: string, state: string]> = [
  ['10001', 'New York'],
  ['94105', 'California'],
  ['60601', 'Illinois'],
  ['73301', 'Texas'],
  ['33101', 'Florida'],
  ['98101', 'Washington'],
  ['02108', 'Massachusetts'],
  ['80202', 'Colorado'],
  ['30301', 'Georgia'],
  ['97201', 'Oregon'],
];

function member(i: number, email: string, now: number): Record<string, unknown> {
  const [zipCode, state] = PLACES[i % PLACES.length]!;
  return {
    id: randomUUID(),
    name: `Bench Member ${i}`,
    email,
    zipCode,
    state,
    // Spread over the 90 days of the experiment.
    joinedAt: new Date(now - (i % 90) * 86_400_000 - (i % 997) * 1000).toISOString(),
    isActive: true,
    emailReminders: true,
    reminderTime: '09:00',
    timezone: 'America/New_York',
    points: 25,
    level: 'Explorer',
  };
}

/** Writes (once per run) the template with `members` members and returns its path. */
export function templateFile(dir: string, members: number): string {
  const file = join(dir, `template-${members}.json`);
  if (existsSync(file)) return file;
  const seed = JSON.parse(readFileSync(join(REPO_ROOT, 'db.json'), 'utf8')) as Record<string, unknown>;
  const now = Date.now();
  const list = [member(0, BENCH_MEMBER_EMAIL, now)];
  for (let i = 1; i < members; i += 1) list.push(member(i, `member${i}@example.org`, now));
  // Seen just now: a touch within the hour only moves lastSeen in memory, so reads never flush.
  const at = new Date(now).toISOString();
  const session = {
    idHash: createHash('sha256').update(BENCH_MEMBER_SESSION).digest('hex'),
    subjectId: list[0]!.id,
    createdAt: at,
    lastSeen: at,
  };
  writeFileSync(file, JSON.stringify({ ...seed, members: list, memberSessions: [session] }));
  return file;
}

let copies = 0;

/** A fresh copy of the template for one server start. */
export function freshDataFile(dir: string, members: number): string {
  copies += 1;
  const file = join(dir, `data-${members}-${copies}.json`);
  copyFileSync(templateFile(dir, members), file);
  return file;
}

/** The e-mail addresses (lower-cased) of the members in a data file. */
export function memberEmails(file: string): Set<string> {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { members?: Array<{ email?: string }> };
  return new Set((data.members ?? []).map((m) => String(m.email).toLowerCase()));
}
