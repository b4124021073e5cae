/**
 * What a server process does differently when it is one of a cluster's workers
 * (docs/decisions/032-every-core-one-command.md): its log lines name it, and it reports that it
 * listens to the primary, which logs the one `listening` line tools wait for once every worker
 * listens. Everything else (store, scheduler, app, draining on SIGTERM/SIGINT) is bin.ts's, as in
 * a single process.
 */
import type { Logger } from '../log.js';
import type { ListeningFields, ListeningMessage } from './messages.js';

/** Each line gets the worker's pid: with several workers writing to one output, it says which one spoke. */
export function workerLogger(logger: Logger, pid: number = process.pid): Logger {
  return {
    debug: (msg, fields) => logger.debug(msg, { pid, ...fields }),
    info: (msg, fields) => logger.info(msg, { pid, ...fields }),
    warn: (msg, fields) => logger.warn(msg, { pid, ...fields }),
    error: (msg, fields) => logger.error(msg, { pid, ...fields }),
  };
}

/**
 * Tells the primary this worker listens. Sent, like a single process's `listening` line, only once
 * the signal handlers are in place: the primary may pass a stop on at once.
 */
export function reportListening(fields: ListeningFields): void {
  const message: ListeningMessage = { type: 'prr:listening', fields };
  process.send?.(message);
}
