/** A CSV export as a streamed download: the admin's participants and activity. */
import { Readable } from 'node:stream';
import { errorFields, type Logger } from '../log.js';
import type { AppContext } from './context.js';

export interface CsvExport {
  contentType: string;
  filename: string;
}

/**
 * Once the first chunk is out, the status and headers are sent and a failure can no longer be
 * answered: the download breaks off. Koa drops that error silently (app.silent), so it is logged here.
 */
async function* loggingFailures(chunks: AsyncIterable<string>, logger: Logger, requestId: string, filename: string) {
  try {
    yield* chunks;
  } catch (error) {
    logger.error('CSV export failed part-way', { requestId, filename, ...errorFields(error) });
    throw error;
  }
}

/** Streams the chunks batch by batch: 50,000 rows never become one string. */
export function sendCsv(ctx: AppContext, logger: Logger, file: CsvExport, chunks: AsyncIterable<string>): void {
  ctx.attachment(file.filename);
  ctx.type = file.contentType;
  ctx.body = Readable.from(loggingFailures(chunks, logger, ctx.state.requestId, file.filename));
}
