/**
 * One scrape sees every worker (docs/decisions/032-every-core-one-command.md): a worker asked for
 * GET /metrics asks the primary over the IPC channel, the primary's prom-client AggregatorRegistry
 * gathers each worker's registry (counters and histograms summed, gauges as prom-client aggregates
 * them) and sends the text back. Messages are parsed with zod, as everything crossing a process.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

export const MetricsRequest = z.object({ type: z.literal('prr:metrics-request'), id: z.string() });
export type MetricsRequest = z.infer<typeof MetricsRequest>;

export const MetricsAnswer = z.object({
  type: z.literal('prr:metrics'),
  id: z.string(),
  text: z.string().optional(),
  error: z.string().optional(),
});
export type MetricsAnswer = z.infer<typeof MetricsAnswer>;

/** prom-client's aggregator gives up on a silent worker after 5 s; this waits a little longer. */
const ANSWER_TIMEOUT_MS = 6_000;

export class ClusterMetricsError extends Error {
  override readonly name = 'ClusterMetricsError';
  constructor(
    readonly code: 'no_channel' | 'timeout' | 'aggregation_failed',
    message: string,
  ) {
    super(message);
  }
}

/** In a worker: every worker's metrics, through the primary. */
export function clusterMetricsText(channel: NodeJS.Process = process): Promise<string> {
  const send = channel.send?.bind(channel);
  if (!send) return Promise.reject(new ClusterMetricsError('no_channel', 'This process has no cluster primary.'));
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void): void => {
      clearTimeout(timer);
      channel.off('message', onMessage);
      outcome();
    };
    const onMessage = (raw: unknown): void => {
      const answer = MetricsAnswer.safeParse(raw);
      if (!answer.success || answer.data.id !== id) return;
      const { text, error } = answer.data;
      finish(() =>
        text !== undefined
          ? resolve(text)
          : reject(new ClusterMetricsError('aggregation_failed', error ?? 'The primary sent no metrics.')),
      );
    };
    const timer = setTimeout(
      () => finish(() => reject(new ClusterMetricsError('timeout', 'The cluster primary did not answer in time.'))),
      ANSWER_TIMEOUT_MS,
    );
    timer.unref();
    channel.on('message', onMessage);
    const request: MetricsRequest = { type: 'prr:metrics-request', id };
    send(request);
  });
}
