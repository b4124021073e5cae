/**
 * The mailer with every message counted (operations/metrics.ts): sent, refused for good (the
 * recipient's server said 5xx: the address is marked undeliverable) or failed for now (retried).
 * One wrapper at the seam, so the scheduler's messages and the sign-in codes are counted alike.
 */
import type { Mailer } from '../mail/mailer.js';
import type { EmailKindLabel, Metrics } from './metrics.js';

const KINDS = new Set<string>(['welcome', 'reflection', 'level-up', 'signin'] satisfies EmailKindLabel[]);

/** The message's kind as a label; anything unnamed is 'other', so the series stay few. */
const kindLabel = (kind: string | undefined): string => (kind !== undefined && KINDS.has(kind) ? kind : 'other');

export function countedMailer(mailer: Mailer, metrics: Pick<Metrics, 'emailsSent' | 'emailsFailed'>): Mailer {
  return {
    async send(message) {
      const kind = kindLabel(message.kind);
      try {
        const refused = await mailer.send(message);
        if (refused) metrics.emailsFailed.inc({ kind, reason: 'refused' });
        else metrics.emailsSent.inc({ kind });
        return refused;
      } catch (error) {
        metrics.emailsFailed.inc({ kind, reason: 'temporary' });
        throw error;
      }
    },
    ...(mailer.close ? { close: () => mailer.close?.() } : {}),
  };
}
