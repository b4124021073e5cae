/**
 * Joins from many clients against a real server process until it goes away or is told to stop:
 * the crash and drain proofs (crash.lowdb.test.ts, cluster.postgres.test.ts) check that every join
 * answered 200 is still stored after a kill, a SIGTERM or a restart.
 */
import { api } from '@prr/contract';
import { memberCookieFrom } from './helpers.js';

export interface JoinBurst {
  /** The addresses whose join was answered 200, in the order answered. */
  acknowledged: string[];
  /** The session cookie each acknowledged join set, by address. */
  cookies: Map<string, string>;
  /** Resolves once `count` joins were acknowledged; rejects if every client stopped first. */
  atLeast(count: number): Promise<void>;
  /** Stops the clients and waits until each has. */
  stop(): Promise<void>;
}

/** Joins as `<prefix>-<n>@example.org` from `concurrency` clients. */
export function joinBurst(baseUrl: string, prefix: string, concurrency: number): JoinBurst {
  const acknowledged: string[] = [];
  const cookies = new Map<string, string>();
  const waiting: { count: number; resolve: () => void }[] = [];
  let stopped = false;
  let next = 0;
  const client = async (): Promise<void> => {
    while (!stopped) {
      const email = `${prefix}-${next++}@example.org`;
      try {
        const res = await fetch(baseUrl + api.joinMovement.path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Burst Member', email, zipCode: '10001' }),
        });
        if (res.status === 200) {
          acknowledged.push(email);
          const cookie = memberCookieFrom(res);
          if (cookie) cookies.set(email, cookie);
          for (const w of waiting.filter((w) => acknowledged.length >= w.count)) w.resolve();
        }
        await res.arrayBuffer();
      } catch {
        return; // the server went away: this request was never acknowledged
      }
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, client));
  return {
    acknowledged,
    cookies,
    atLeast: (count) =>
      new Promise<void>((resolve, reject) => {
        if (acknowledged.length >= count) resolve();
        else waiting.push({ count, resolve });
        void done.then(() => reject(new Error(`the server went away after ${acknowledged.length} joins`)));
      }),
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}
