/**
 * The e-mail scheduler inside the server. Every minute (and right after a member joins) it asks
 * the delivery rules (domain/emailDelivery.ts) what is due and sends it:
 *
 *   1. claim: write a 'sending' record under the idempotency key memberId:kind:localDate and
 *      wait for that flush (a batch of claims shares one flush);
 *   2. send through the Mailer;
 *   3. mark the records 'sent', or 'retry' with back-off (1 min, 5 min, 15 min, 1 h, 3 h), or
 *      'failed' after the last attempt (again one mutation per batch).
 *
 * A 'sending' record is never claimed again, so a crash or stop between 1 and 3 can lose a
 * message but never send it twice; on start-up such records become 'unknown'. Time comes only
 * from the injected clock: tests call `tick()` after moving a fake clock.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import {
  DeliveryLedger,
  abandonInterrupted,
  claimDelivery,
  dueFor,
  localTime,
  markFailed,
  markSent,
  type Due,
  type LocalTime,
} from '../domain/emailDelivery.js';
import { promptForDay } from '../domain/prompts.js';
import { errorFields, silentLogger, type Logger } from '../log.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { reflectionMessage, welcomeMessage } from '../mail/messages.js';
import { mailErrorFields, memberRef, redactAddresses } from '../mail/privacy.js';
import { unsubscribeUrl } from '../mail/unsubscribePage.js';
import { createUnsubscribeToken } from '../mail/unsubscribeToken.js';
import type { StoredEmailDelivery, StoredMember } from '../store/schema.js';
import type { Store } from '../store/store.js';

export interface EmailSchedulerOptions {
  store: Store;
  clock: Clock;
  mailer: Mailer;
  /** The site's public URL (no trailing slash): dashboard and unsubscribe links. */
  publicUrl: string;
  /** Signs the unsubscribe tokens (SESSION_SECRET). */
  unsubscribeSecret: string;
  logger?: Logger;
  /** How often `start()` checks what is due; one minute. */
  intervalMs?: number;
  /** Messages handed to the mailer at the same time. */
  concurrency?: number;
  /** Claims written per flush. */
  batchSize?: number;
}

export interface TickResult {
  /** Messages found due. */
  due: number;
  sent: number;
  failed: number;
}

interface Claimed {
  member: StoredMember;
  record: StoredEmailDelivery;
}

interface Outcome extends Claimed {
  at: Date;
  /** Set when the mailer refused or failed. */
  error?: unknown;
}

export class EmailScheduler {
  readonly #store: Store;
  readonly #ledger: DeliveryLedger;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #logger: Logger;
  readonly #publicUrl: string;
  readonly #secret: string;
  readonly #host: string;
  readonly #intervalMs: number;
  readonly #concurrency: number;
  readonly #batchSize: number;
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<TickResult> | undefined;
  #stopped = false;
  readonly #work = new Set<Promise<unknown>>();
  /** New members waiting for their welcome and first reflection. */
  #joined: StoredMember[] = [];
  #draining = false;
  /** Records claimed before this instant were claimed by an earlier run. */
  readonly #createdAt: number;

  constructor(options: EmailSchedulerOptions) {
    this.#store = options.store;
    this.#ledger = new DeliveryLedger(options.store);
    this.#clock = options.clock;
    this.#mailer = options.mailer;
    this.#logger = options.logger ?? silentLogger;
    this.#publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.#secret = options.unsubscribeSecret;
    this.#host = new URL(this.#publicUrl).hostname || 'localhost';
    this.#intervalMs = options.intervalMs ?? 60_000;
    this.#concurrency = Math.max(1, options.concurrency ?? 4);
    this.#batchSize = Math.max(1, options.batchSize ?? 200);
    this.#createdAt = this.#clock.now().getTime();
  }

  /** Marks records cut off by the last run as 'unknown', checks at once, then every minute. */
  async start(): Promise<void> {
    if (this.#timer || this.#stopped) return;
    const { protocol, hostname } = new URL(this.#publicUrl);
    if (protocol !== 'https:' && hostname !== 'localhost' && hostname !== '127.0.0.1') {
      this.#logger.warn('PUBLIC_URL is not https: mail clients ignore one-click unsubscribe (RFC 8058) on http links', { publicUrl: this.#publicUrl });
    }
    // Only an earlier run's: a join answered just before start() may already be sending here.
    const interrupted = this.#store.data.emailLog.filter((r) => r.status === 'sending' && Date.parse(r.lastAttemptAt) < this.#createdAt);
    if (interrupted.length > 0) {
      await this.#store.mutate(() => abandonInterrupted(this.#ledger, interrupted));
      this.#logger.warn('e-mails interrupted by the last stop are not resent', { count: interrupted.length });
    }
    if (this.#stopped || this.#timer) return; // stopped (or started) while that was being written
    this.#timer = setInterval(() => void this.#safeTick(), this.#intervalMs);
    this.#timer.unref();
    void this.#safeTick();
  }

  /** No new work; resolves when the messages being sent are done. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.idle();
  }

  /** Resolves when no tick and no join delivery is running. */
  async idle(): Promise<void> {
    while (this.#work.size > 0) await Promise.allSettled([...this.#work]);
  }

  /**
   * The join hook: queues the welcome and the first reflection for a new member and returns at
   * once (the join answer never waits for mail, and a mail failure never fails the join). A burst
   * of joins is worked off as batches by one runner, so mail never competes with the requests
   * more than `concurrency` messages at a time.
   */
  memberJoined(member: StoredMember): void {
    if (this.#stopped) return;
    this.#joined.push(member);
    if (this.#draining) return;
    this.#draining = true;
    void this.#track(this.#drainJoined());
  }

  async #drainJoined(): Promise<void> {
    try {
      while (this.#joined.length > 0 && !this.#stopped) {
        // Let the joins answered in this turn of the event loop join the batch.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const members = this.#joined.splice(0, this.#batchSize);
        const now = this.#clock.now();
        const work = members
          .map((member) => ({ member, dues: dueFor(member, this.#ledger.of(member.id), now, localTime(now, member.timezone)) }))
          .filter((w) => w.dues.length > 0);
        await this.#deliver(work, now);
      }
    } catch (error) {
      // Whatever is left is found by the minute check (new members stay due for a day).
      this.#logger.error('join e-mails failed', errorFields(error));
    } finally {
      this.#draining = false;
    }
  }

  /** One check of everything due now. Ticks never overlap: a tick asked for while one runs joins it. */
  tick(): Promise<TickResult> {
    if (this.#ticking) return this.#ticking;
    const run = this.#track(this.#tickOnce()).finally(() => {
      this.#ticking = undefined;
    });
    this.#ticking = run;
    return run;
  }

  async #safeTick(): Promise<void> {
    try {
      await this.tick();
    } catch (error) {
      this.#logger.error('e-mail tick failed', errorFields(error));
    }
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.#work.add(promise);
    void promise.finally(() => this.#work.delete(promise)).catch(() => {});
    return promise;
  }

  async #tickOnce(): Promise<TickResult> {
    if (this.#stopped) return { due: 0, sent: 0, failed: 0 };
    const now = this.#clock.now();
    // Everyone in one zone shares one wall clock: one Intl call per zone per tick, not per member.
    const clocks = new Map<string, LocalTime>();
    const work: { member: StoredMember; dues: Due[] }[] = [];
    for (const member of this.#store.data.members) {
      let local = clocks.get(member.timezone);
      if (!local) {
        local = localTime(now, member.timezone);
        clocks.set(member.timezone, local);
      }
      const dues = dueFor(member, this.#ledger.of(member.id), now, local);
      if (dues.length > 0) work.push({ member, dues });
    }
    return this.#deliver(work, now);
  }

  async #deliver(work: readonly { member: StoredMember; dues: Due[] }[], now: Date): Promise<TickResult> {
    const result: TickResult = { due: work.reduce((n, w) => n + w.dues.length, 0), sent: 0, failed: 0 };
    for (let start = 0; start < work.length && !this.#stopped; start += this.#batchSize) {
      const batch = work.slice(start, start + this.#batchSize);
      let claimed: Claimed[][];
      try {
        // Step 1 for the whole batch in one mutation, so one flush covers it.
        claimed = await this.#store.mutate(() =>
          batch.map(({ member, dues }) => {
            const local = localTime(now, member.timezone);
            return dues.flatMap((due) => {
              const record = claimDelivery(this.#ledger, member, due, now, local, this.#messageId(due.key));
              return record ? [{ member, record }] : [];
            });
          }),
        );
      } catch (error) {
        // Not on disk, so not sent; memory was rolled back and the next tick tries again.
        this.#logger.error('could not record e-mail deliveries; not sending', errorFields(error));
        return result;
      }
      const outcomes: Outcome[] = [];
      await runLimited(claimed, this.#concurrency, async (perMember) => {
        // One member's messages in order: the welcome before the first reflection.
        for (const item of perMember) {
          const outcome = await this.#send(item);
          outcomes.push(outcome);
          if (outcome.error === undefined) result.sent += 1;
          else result.failed += 1;
        }
      });
      await this.#record(outcomes);
    }
    return result;
  }

  async #send(claimed: Claimed): Promise<Outcome> {
    try {
      await this.#mailer.send(this.#compose(claimed.member, claimed.record));
      return { ...claimed, at: this.#clock.now() };
    } catch (error) {
      return { ...claimed, at: this.#clock.now(), error };
    }
  }

  /**
   * Step 3 for a whole batch in one mutation (one flush, not one per message). Until it lands the
   * records say 'sending': a crash in between loses bookkeeping, never sends twice.
   */
  async #record(outcomes: readonly Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    let next: (StoredEmailDelivery | undefined)[];
    try {
      next = await this.#store.mutate(() =>
        outcomes.map(({ record, at, error }) => {
          if (error === undefined) {
            markSent(this.#ledger, record, at);
            return undefined;
          }
          return markFailed(this.#ledger, record, at, redactAddresses(error instanceof Error ? error.message : String(error)).slice(0, 500));
        }),
      );
    } catch (error) {
      this.#logger.error('could not record the outcome of e-mails; they will not be sent again', {
        count: outcomes.length,
        ...errorFields(error),
      });
      return;
    }
    // One info line per batch (a busy morning is thousands of messages); each message at debug.
    const sent = outcomes.filter((o) => o.error === undefined).length;
    this.#logger.info('e-mails sent', { sent, failed: outcomes.length - sent });
    outcomes.forEach(({ member, record, error }, i) => {
      const log = { member: memberRef(member.id), kind: record.kind, localDate: record.localDate, attempt: record.attempts };
      const after = next[i];
      if (error === undefined) this.#logger.debug('e-mail sent', log);
      else if (after?.status === 'retry') this.#logger.warn('e-mail not sent; will retry', { ...log, nextAttemptAt: after.nextAttemptAt, ...mailErrorFields(error) });
      else this.#logger.error('e-mail not sent; giving up', { ...log, ...mailErrorFields(error) });
    });
  }

  #compose(member: StoredMember, record: StoredEmailDelivery): MailMessage {
    const ctx = {
      publicUrl: this.#publicUrl,
      unsubscribeUrl: unsubscribeUrl(this.#publicUrl, createUnsubscribeToken(member.id, this.#secret)),
    };
    let message: MailMessage;
    if (record.kind === 'welcome') {
      message = welcomeMessage(member, ctx);
    } else {
      const prompt = promptForDay(record.day);
      if (!prompt) throw new Error(`No reflection prompt for day ${record.day}`);
      message = reflectionMessage(member, ctx, prompt);
    }
    return { ...message, messageId: record.messageId, date: this.#clock.now() };
  }

  /** Stable per key: a retried message keeps its Message-ID, so receivers can drop a duplicate. */
  #messageId(key: string): string {
    return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${this.#host}>`;
  }
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function runLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
