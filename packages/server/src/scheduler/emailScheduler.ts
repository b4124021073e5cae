/**
 * The e-mail scheduler inside the server. Every minute (and right after a member joins, or a
 * member's points rise) it asks the delivery rules (emailDelivery.ts, beside it) what is due and sends it:
 *
 *   1. claim: write a 'sending' record under the idempotency key memberId:kind:localDate, as a
 *      compare-and-set on the member's record (EmailLog.claim), and wait until it is stored
 *      (with lowdb, the claims of a batch share one flush);
 *   2. send through the Mailer;
 *   3. mark the records 'sent', or 'retry' with back-off (1 min, 5 min, 15 min, 1 h, 3 h), or
 *      'failed' after the last attempt; a recipient refused for good fails its record at once and
 *      marks the member's address undeliverable (@prr/domain, markUndeliverable).
 *
 * A 'sending' record is never claimed again, so a crash or stop between 1 and 3 can lose a
 * message but never send it twice; on start-up such records become 'unknown'. Several server
 * processes on one PostgreSQL database run this side by side: only one wins each claim. Time
 * comes only from the injected clock: tests call `tick()` after moving a fake clock.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import { EXPERIMENT_DAYS } from '@prr/contract';
import { markUndeliverable, promptForDay, type StoredMember } from '@prr/domain';
import {
  announcedLevel,
  claimRecord,
  deliveryOf,
  dueFor,
  failedRecord,
  localTime,
  promptDay,
  refusedRecord,
  sentRecord,
  type Due,
  type EmailKind,
  type LocalTime,
} from './emailDelivery.js';
import { errorFields, silentLogger, type Logger } from '../log.js';
import type { MailRefused, Mailer, MailMessage } from '../mail/mailer.js';
import type { Metrics } from '../operations/metrics.js';
import { levelUpMessage, reflectionMessage, welcomeMessage } from '../mail/messages.js';
import { mailErrorFields, memberRef, redactAddresses } from '../mail/privacy.js';
import { unsubscribeUrl } from '../mail/unsubscribePage.js';
import { dashboardLinkUrl } from '../mail/links.js';
import { createDashboardLinkToken, createUnsubscribeToken } from '../auth/emailLinkTokens.js';
import type { StoredEmailDelivery } from '../store/schema.js';
import type { AppStore, EmailCandidate, EmailLog, StoreReads } from '../store/types.js';

/**
 * Members who joined longer ago than this have nothing left to receive (90 days, and a margin for
 * time zones), unless they chose to keep the daily reflection going: the store lists those too.
 */
const CANDIDATE_WINDOW_MS = (EXPERIMENT_DAYS + 2) * 86_400_000;

export interface EmailSchedulerOptions {
  store: AppStore;
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
  /** Members read and claimed per batch. */
  batchSize?: number;
  /** Where each minute's check reports how much it found due (operations/metrics.ts). */
  metrics?: Pick<Metrics, 'emailsDue'>;
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
  /** Set when the mailer failed (worth a retry). */
  error?: unknown;
  /** Set when the recipient was refused for good, this message's or an earlier one's of the batch. */
  refused?: MailRefused;
}

export class EmailScheduler {
  readonly #members: Pick<StoreReads, 'memberById'>;
  readonly #writes: Pick<AppStore, 'write'>;
  readonly #log: EmailLog;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #logger: Logger;
  readonly #publicUrl: string;
  readonly #secret: string;
  readonly #host: string;
  readonly #intervalMs: number;
  readonly #concurrency: number;
  readonly #batchSize: number;
  readonly #metrics: Pick<Metrics, 'emailsDue'> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<TickResult> | undefined;
  #stopped = false;
  readonly #work = new Set<Promise<unknown>>();
  /** New members waiting for their welcome and first reflection. */
  #joined: StoredMember[] = [];
  #draining = false;
  /** Members whose points rose, waiting for their level-up check: a set, so repeats coalesce. */
  readonly #raised = new Set<string>();
  #checkingRaised = false;
  /** Records claimed before this instant were claimed by an earlier run. */
  readonly #createdAt: number;

  constructor(options: EmailSchedulerOptions) {
    this.#members = options.store;
    this.#writes = options.store;
    this.#log = options.store.emailLog;
    this.#clock = options.clock;
    this.#mailer = options.mailer;
    this.#logger = options.logger ?? silentLogger;
    this.#publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.#secret = options.unsubscribeSecret;
    this.#host = new URL(this.#publicUrl).hostname || 'localhost';
    this.#intervalMs = options.intervalMs ?? 60_000;
    this.#concurrency = Math.max(1, options.concurrency ?? 4);
    this.#batchSize = Math.max(1, options.batchSize ?? 200);
    this.#metrics = options.metrics;
    this.#createdAt = this.#clock.now().getTime();
  }

  /** Marks records cut off by the last run as 'unknown', checks at once, then every minute. */
  async start(): Promise<void> {
    if (this.#timer || this.#stopped) return;
    const { protocol, hostname } = new URL(this.#publicUrl);
    if (protocol !== 'https:' && hostname !== 'localhost' && hostname !== '127.0.0.1') {
      this.#logger.warn('PUBLIC_URL is not https: mail clients ignore one-click unsubscribe (RFC 8058) on http links', {
        publicUrl: this.#publicUrl,
      });
    }
    // Only an earlier run's: a join answered just before start() may already be sending here.
    const interrupted = await this.#log.abandonInterrupted(new Date(this.#createdAt));
    if (interrupted > 0)
      this.#logger.warn('e-mails interrupted by the last stop are not resent', { count: interrupted });
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

  /** Resolves when no tick, no join delivery and no level-up check is running. */
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
        const candidates = await Promise.all(
          members.map(async (member) => ({ member, deliveries: await this.#log.deliveriesOf(member.id) })),
        );
        await this.#deliver(candidates, this.#clock.now());
      }
    } catch (error) {
      // Whatever is left is found by the minute check (new members stay due for a day).
      this.#logger.error('join e-mails failed', errorFields(error));
    } finally {
      this.#draining = false;
    }
  }

  /**
   * The points hook: a committed write raised this member's points, so their level-up e-mail is
   * checked now, not at the next minute. Same rules and same claim as the minute's check, so
   * whichever finds it first sends it, once. Returns at once; errors are logged, never thrown.
   * Repeats for a member while their check runs coalesce into one more check (it reads the points
   * again: the running one may have read them before the newest write); one runner works the
   * queue in batches, like the joins.
   */
  pointsRaised(memberId: string): void {
    if (this.#stopped) return;
    this.#raised.add(memberId);
    if (this.#checkingRaised) return;
    this.#checkingRaised = true;
    void this.#track(this.#drainRaised());
  }

  async #drainRaised(): Promise<void> {
    try {
      while (this.#raised.size > 0 && !this.#stopped) {
        // Let the writes answered in this turn of the event loop join the batch.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const ids = [...this.#raised].slice(0, this.#batchSize);
        for (const id of ids) this.#raised.delete(id);
        try {
          const candidates = await Promise.all(
            ids.map(async (id): Promise<EmailCandidate | undefined> => {
              const member = await this.#members.memberById(id);
              return member && { member, deliveries: await this.#log.deliveriesOf(id) };
            }),
          );
          await this.#deliver(
            candidates.filter((c) => c !== undefined),
            this.#clock.now(),
            'level-up',
          );
        } catch (error) {
          // The level stays owed: the minute check finds it.
          this.#logger.error('level-up e-mail check failed', { count: ids.length, ...errorFields(error) });
        }
      }
    } finally {
      this.#checkingRaised = false;
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
    const result: TickResult = { due: 0, sent: 0, failed: 0 };
    const now = this.#clock.now();
    const since = new Date(now.getTime() - CANDIDATE_WINDOW_MS);
    for await (const batch of this.#log.candidates(since, this.#batchSize)) {
      if (this.#stopped) break;
      const done = await this.#deliver(batch, now);
      result.due += done.due;
      result.sent += done.sent;
      result.failed += done.failed;
    }
    this.#metrics?.emailsDue.set(result.due);
    return result;
  }

  /** What is due for these members now (of one kind only, when given): claimed, sent and recorded. */
  async #deliver(candidates: readonly EmailCandidate[], now: Date, only?: EmailKind): Promise<TickResult> {
    // Everyone in one zone shares one wall clock: one Intl call per zone per batch, not per member.
    const clocks = new Map<string, LocalTime>();
    const work: { member: StoredMember; dues: { due: Due; previous: StoredEmailDelivery | undefined }[] }[] = [];
    for (const { member, deliveries } of candidates) {
      let local = clocks.get(member.timezone);
      if (!local) {
        local = localTime(now, member.timezone);
        clocks.set(member.timezone, local);
      }
      const dues = dueFor(member, deliveries, now, local)
        .filter((due) => only === undefined || due.kind === only)
        .map((due) => ({
          due,
          previous: deliveryOf(deliveries, due.kind),
        }));
      if (dues.length > 0) work.push({ member, dues });
    }
    const result: TickResult = { due: work.reduce((n, w) => n + w.dues.length, 0), sent: 0, failed: 0 };
    for (let start = 0; start < work.length && !this.#stopped; start += this.#batchSize) {
      const batch = work.slice(start, start + this.#batchSize);
      let claimed: Claimed[][];
      try {
        // Step 1 for the whole batch at once: with lowdb one flush covers it.
        claimed = await Promise.all(
          batch.map(async ({ member, dues }) => {
            const won: Claimed[] = [];
            for (const { due, previous } of dues) {
              const record = claimRecord(due, previous, now, this.#messageId(due.key));
              if (await this.#log.claim(record, previous)) won.push({ member, record });
            }
            return won;
          }),
        );
      } catch (error) {
        // Not stored, so not sent (a claim that did land stays 'sending' and is never resent).
        this.#logger.error('could not record e-mail deliveries; not sending', errorFields(error));
        return result;
      }
      const outcomes: Outcome[] = [];
      await runLimited(claimed, this.#concurrency, async (perMember) => {
        // One member's messages in order: the welcome before the first reflection. After a
        // refusal for good the rest are not tried: the receiving server has given its answer.
        let refused: MailRefused | undefined;
        for (const item of perMember) {
          const outcome = refused ? { ...item, at: this.#clock.now(), refused } : await this.#send(item);
          refused = outcome.refused;
          outcomes.push(outcome);
          if (outcome.error === undefined && outcome.refused === undefined) result.sent += 1;
          else result.failed += 1;
        }
      });
      await this.#record(outcomes);
    }
    return result;
  }

  async #send(claimed: Claimed): Promise<Outcome> {
    try {
      const refused = await this.#mailer.send(this.#compose(claimed.member, claimed.record));
      return { ...claimed, at: this.#clock.now(), ...(refused ? { refused } : {}) };
    } catch (error) {
      return { ...claimed, at: this.#clock.now(), error };
    }
  }

  /**
   * Step 3 for a whole batch (with lowdb one flush, not one per message). Until it lands the
   * records say 'sending': a crash in between loses bookkeeping, never sends twice.
   */
  async #record(outcomes: readonly Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const next = outcomes.map(({ record, at, error, refused }) =>
      refused !== undefined
        ? refusedRecord(record, refused)
        : error === undefined
          ? sentRecord(record, at)
          : failedRecord(
              record,
              at,
              redactAddresses(error instanceof Error ? error.message : String(error)).slice(0, 500),
            ),
    );
    try {
      await Promise.all(next.map((record) => this.#log.update(record)));
    } catch (error) {
      this.#logger.error('could not record the outcome of e-mails; they will not be sent again', {
        count: outcomes.length,
        ...errorFields(error),
      });
      return;
    }
    await this.#markUndeliverable(outcomes);
    // One info line per batch (a busy morning is thousands of messages); each message at debug.
    const sent = outcomes.filter((o) => o.error === undefined && o.refused === undefined).length;
    this.#logger.info('e-mails sent', { sent, failed: outcomes.length - sent });
    outcomes.forEach(({ member, record, error, refused }, i) => {
      const log = {
        member: memberRef(member.id),
        kind: record.kind,
        localDate: record.localDate,
        attempt: record.attempts,
      };
      const after = error === undefined ? undefined : next[i];
      if (refused !== undefined)
        this.#logger.warn('e-mail refused for good; the address is marked undeliverable', {
          ...log,
          smtpCode: refused.responseCode,
          response: refused.response,
        });
      else if (error === undefined) this.#logger.debug('e-mail sent', log);
      else if (after?.status === 'retry')
        this.#logger.warn('e-mail not sent; will retry', {
          ...log,
          nextAttemptAt: after.nextAttemptAt,
          ...mailErrorFields(error),
        });
      else this.#logger.error('e-mail not sent; giving up', { ...log, ...mailErrorFields(error) });
    });
  }

  /**
   * The members whose address was refused for good, marked in one write. If it fails, the next
   * message to them is tried and refused again, and marks them then.
   */
  async #markUndeliverable(outcomes: readonly Outcome[]): Promise<void> {
    const refusals = new Map<string, Outcome & { refused: MailRefused }>();
    for (const outcome of outcomes) {
      if (outcome.refused) refusals.set(outcome.member.id, { ...outcome, refused: outcome.refused });
    }
    if (refusals.size === 0) return;
    try {
      await this.#writes.write(async (tx) => {
        for (const { member, at, refused } of refusals.values())
          await markUndeliverable(tx, member.id, at, refused.responseCode);
      });
    } catch (error) {
      this.#logger.error('could not mark addresses undeliverable', { count: refusals.size, ...errorFields(error) });
    }
  }

  #compose(member: StoredMember, record: StoredEmailDelivery): MailMessage {
    const ctx = {
      publicUrl: this.#publicUrl,
      unsubscribeUrl: unsubscribeUrl(this.#publicUrl, createUnsubscribeToken(member.id, this.#secret)),
      dashboardUrl: dashboardLinkUrl(
        this.#publicUrl,
        createDashboardLinkToken(member.id, this.#secret, this.#clock.now()),
      ),
    };
    let message: MailMessage;
    if (record.kind === 'welcome') {
      message = welcomeMessage(member, ctx);
    } else if (record.kind === 'level-up') {
      const level = announcedLevel(record);
      if (!level) throw new Error(`No level in the level-up key ${record.key}`);
      message = levelUpMessage(member, ctx, level);
    } else {
      const prompt = promptForDay(promptDay(record.day));
      if (!prompt) throw new Error(`No reflection prompt for day ${record.day}`);
      message = reflectionMessage(member, ctx, prompt, record.day);
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
