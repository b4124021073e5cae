/**
 * The concurrent-writes load of the crash proofs (crash.lowdb.test.ts, crash.postgres.test.ts):
 * joins and ripple-effect records from many clients against the real server process, a SIGKILL at
 * a random moment in the middle of them, and the tally of what was acknowledged before the kill.
 * What each store must still hold after the kill is checked by the test itself.
 */
import { expect } from 'vitest';
import { api } from '@prr/contract';
import { memberCookieFrom } from '../helpers.js';
import { sleep, type ServerProcess } from './support.js';

const CONCURRENCY = 24;
/**
 * The random moment: once a random number of writes (0 to 40) has been acknowledged, plus a random
 * 0-30 ms. Counting acknowledgements rather than milliseconds keeps the kill in the middle of the
 * writes however fast or loaded the machine is; the extra delay spreads it over every phase of a
 * write (on lowdb: mutating, serialising, writing the temp file, renaming).
 */
const MAX_ACKS_BEFORE_KILL = 40;
const MAX_EXTRA_DELAY_MS = 30;

interface Burst {
  joins: string[];
  /** The session cookie each acknowledged join set: ripple effects are recorded in the member's session. */
  cookies: string[];
  ripples: string[];
  stop(): Promise<void>;
}

/**
 * Joins (as `<emailPrefix>-<round>-<n>@example.org`) and ripple-effect records from `CONCURRENCY`
 * clients until the server goes away. Ripple effects go out with the session cookies of members
 * who joined in earlier rounds (sessions are stored, so they outlive the kills).
 */
function burst(baseUrl: string, round: number, sessions: readonly string[], emailPrefix: string): Burst {
  const joins: string[] = [];
  const cookies: string[] = [];
  const ripples: string[] = [];
  let stopped = false;
  let next = 0;
  const worker = async (w: number): Promise<void> => {
    while (!stopped) {
      const n = next++;
      const ripple = sessions.length > 0 && w % 3 === 0;
      try {
        if (ripple) {
          const res = await fetch(baseUrl + api.recordRippleEffect.path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Cookie: sessions[n % sessions.length]! },
            body: JSON.stringify({
              week: 1 + (n % 13),
              relationshipImprovements: 1,
              positiveInteractions: 2,
              conflictsAvoided: 0,
              othersInspired: 1,
              notes: `round ${round} #${n}`,
            }),
          });
          if (res.status === 201) ripples.push(((await res.json()) as { id: string }).id);
          else await res.arrayBuffer();
        } else {
          const email = `${emailPrefix}-${round}-${n}@example.org`;
          const res = await fetch(baseUrl + api.joinMovement.path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: 'Crash Member', email, zipCode: '10001' }),
          });
          if (res.status === 200) {
            joins.push(email);
            const cookie = memberCookieFrom(res);
            if (cookie) cookies.push(cookie);
          }
          await res.arrayBuffer();
        }
      } catch {
        return; // the server went away: this request was never acknowledged
      }
    }
  };
  const done = Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  return {
    joins,
    cookies,
    ripples,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** Kill rounds against one store: what every round acknowledged, and the timings for the figures. */
export class KillRounds {
  readonly acknowledgedJoins = new Set<string>();
  readonly acknowledgedRipples = new Set<string>();
  /** Session cookies of acknowledged joins: they must outlive every kill (the store keeps sessions). */
  readonly sessions: string[] = [];
  readonly startMs: number[] = [];
  readonly killDelays: number[] = [];
  readonly acksAtKill: number[] = [];
  readonly #t0 = Date.now();

  /** `emailPrefix` names the joins, so that each test's members are its own. */
  constructor(readonly emailPrefix: string) {}

  /**
   * Writes from `CONCURRENCY` clients until the random moment, then SIGKILL. What was acknowledged
   * before the kill is added to the tally, and the session cookies this round's joins set go out
   * with the next rounds' ripple effects.
   */
  async killDuringWrites(server: ServerProcess, round: number): Promise<void> {
    const load = burst(server.baseUrl, round, this.sessions, this.emailPrefix);
    const target = Math.floor(Math.random() * (MAX_ACKS_BEFORE_KILL + 1));
    const burstStart = Date.now();
    while (
      load.joins.length + load.ripples.length < target &&
      server.child.exitCode === null &&
      Date.now() - burstStart < 20_000
    ) {
      await sleep(1);
    }
    await sleep(Math.floor(Math.random() * (MAX_EXTRA_DELAY_MS + 1)));
    this.killDelays.push(Date.now() - burstStart);
    this.acksAtKill.push(load.joins.length + load.ripples.length);
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    await load.stop();
    for (const email of load.joins) this.acknowledgedJoins.add(email);
    for (const id of load.ripples) this.acknowledgedRipples.add(id);
    this.sessions.push(...load.cookies);
  }

  /** The last start: every acknowledged joiner's browser is still signed in, then a clean stop. */
  async expectSessionsKeptThenStop(server: ServerProcess): Promise<void> {
    for (const cookie of this.sessions) {
      expect(
        (await fetch(server.baseUrl + api.me.path, { headers: { Cookie: cookie } })).status,
        'a session lost to a kill',
      ).toBe(200);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }

  /** The figures of the rounds, with the store's own (`store`) after the counts and before the timings. */
  figures(store: Record<string, unknown>): Record<string, unknown> {
    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
    return {
      killsSurvived: this.killDelays.length,
      restarts: this.startMs.length,
      acknowledgedJoins: this.acknowledgedJoins.size,
      acknowledgedRipples: this.acknowledgedRipples.size,
      sessionsChecked: this.sessions.length,
      recordsChecked: this.acknowledgedJoins.size + this.acknowledgedRipples.size,
      ...store,
      killAfterMs: { min: Math.min(...this.killDelays), max: Math.max(...this.killDelays) },
      acknowledgedAtKill: { min: Math.min(...this.acksAtKill), max: Math.max(...this.acksAtKill) },
      startMs: { mean: mean(this.startMs), max: Math.max(...this.startMs) },
      seconds: (Date.now() - this.#t0) / 1000,
    };
  }
}
