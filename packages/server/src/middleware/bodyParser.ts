/**
 * JSON bodies only, with a small limit: over it the parser throws 413, malformed JSON 400; the
 * error handler turns both into the contract's shape.
 */
import { bodyParser } from '@koa/bodyparser';
import type { AppMiddleware } from '../http/context.js';

export function jsonBody(limit: string): AppMiddleware {
  return bodyParser({ enableTypes: ['json'], jsonLimit: limit, jsonStrict: true, encoding: 'utf-8' });
}
