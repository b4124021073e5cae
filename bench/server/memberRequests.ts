/**
 * What the load generators send as a member of the PostgreSQL data set (pgData.ts): the member's
 * session cookie and the body of the save for their current day. No side effects on import, so
 * both generators (mixLoad.ts, peakLoad.ts: child processes that answer on IPC) and the
 * orchestrator can share it.
 */
import { writeFileSync } from 'node:fs';
import { promptForDay } from '@prr/domain';
import { MemberSessionCookie } from '../../packages/server/src/auth/cookies.js';

export interface MemberRef {
  id: string;
  email: string;
  /** The member's session id (the cookie's value). */
  session: string;
}

/** The `id\temail\tsession` lines pgData.ts (or the lowdb side, benchPostgres.ts) writes, one per member. */
export function parseMembersFile(text: string): MemberRef[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [id, email, session] = l.split('\t');
      if (!session) throw new Error(`members file: no session on the line of ${email}`);
      return { id: id!, email: email!, session };
    });
}

/** Writes `members` in the format parseMembersFile reads. */
export function writeMembersFile(file: string, members: readonly MemberRef[]): void {
  writeFileSync(file, members.map((m) => `${m.id}\t${m.email}\t${m.session}\n`).join(''));
}

/** Every member of the data set joined 93-122 days ago: their current day is the experiment's last (pgData.ts). */
export const CURRENT_DAY = 90;

/** POST: save (or, when the day is already saved, update) the member's reflection. */
export const SAVE_PATH = '/api/me/reflections';

/**
 * The servers under test run in production (target.ts, bin.ts with NODE_ENV=production), where the
 * member's cookie is `__Host-prr_member`: a cookie by the bare name is not read, and every member
 * request would answer 401. The name comes from the server's own class, so the two cannot drift.
 */
const COOKIE_NAME = new MemberSessionCookie(true).name;

/** The Cookie header of a member session. */
export const memberCookieFor = (session: string): string => `${COOKIE_NAME}=${session}`;

export const memberCookie = (m: MemberRef): string => memberCookieFor(m.session);

const PROMPT = promptForDay(CURRENT_DAY);

const NOTES =
  'I noticed the tension rising before the meeting, took one slow breath and asked what she meant. It went better than last time.';
const RESPONSE =
  'I paused, counted to three and listened first; the conversation stayed calm and we found a small step to try tomorrow.';

/** The JSON body of a full reflection for CURRENT_DAY, dated today (UTC). */
export function saveBody(): string {
  return JSON.stringify({
    day: CURRENT_DAY,
    date: new Date().toISOString().slice(0, 10),
    paused: true,
    reflected: true,
    retried: false,
    notes: NOTES,
    mood: 7,
    conflictCount: 1,
    successfulResponses: 1,
    promptResponse: RESPONSE,
    gratitudePractice: true,
    breathingExercise: true,
    perspectiveTaking: false,
    empathyScore: 7,
    selfAwarenessScore: 6,
    reflectionPrompt: PROMPT?.prompt ?? '',
    exerciseType: PROMPT?.exerciseType ?? 'journaling',
    completedExercises: 1,
  });
}
