/**
 * JSON bodies only, with a small limit: over it the parser throws 413, malformed JSON 400; the
 * error handler turns both into the contract's shape.
 */
import { bodyParser } from '@koa/bodyparser';
import { AppError } from '@prr/domain';
import type { AppMiddleware } from '../http/context.js';

export function jsonBody(limit: string): AppMiddleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: limit,
    jsonStrict: true,
    encoding: 'utf-8',
    // Found by the fuzz test (test/proof/fuzz.test.ts): a body sent with `Content-Encoding: gzip`
    // (or deflate, br) that does not decompress fails inside zlib with an error that has no HTTP
    // status, which the error handler would answer as a 500. It is the client's bad input: 400.
    // Errors that carry a status (413 too large, 400 bad JSON, 415 charset) pass through as before.
    onError: (error) => {
      if (typeof (error as { status?: unknown }).status === 'number') throw error;
      throw new AppError('bad_request', 'The request body could not be decoded', { cause: error });
    },
  });
}
