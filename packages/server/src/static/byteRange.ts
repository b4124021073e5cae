/**
 * Byte ranges for files served as they are (RFC 9110 section 14). Safari plays audio only from a
 * server that answers Range with 206, and Chrome otherwise holds a media request open for about
 * 15 s after reading the metadata. One range per request: a multi-range request is answered whole,
 * which the RFC allows.
 */
import { ReadStream, createReadStream } from 'node:fs';
import type { AppContext } from '../http/context.js';

/** Inclusive offsets, as Content-Range writes them. */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** What a Range header asks of a file of `size` bytes. Anything unreadable is ignored (whole file). */
export function readRange(header: string | undefined, size: number): RangeAnswer {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // "bytes=-N": the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  // "bytes=5-1" is not a valid range at all, so it is ignored rather than refused.
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'part', range: { start, end } };
}

/**
 * After koa-send has answered 200 with `file`: announce range support and, when the request asks
 * for one range that is still current (If-Range), answer 206 with those bytes or 416. Files sent
 * with a Content-Encoding (the build's .br/.gz) are left whole: their bytes are not the file's.
 */
export function answerByteRange(ctx: AppContext, file: string): void {
  if (ctx.response.get('Content-Encoding') || !(ctx.body instanceof ReadStream)) return;
  ctx.set('Accept-Ranges', 'bytes');
  const ifRange = ctx.get('If-Range');
  if (ifRange && ifRange !== ctx.response.get('Last-Modified')) return;
  const size = ctx.response.length;
  if (size === undefined) return;
  const answer = readRange(ctx.get('Range') || undefined, size);
  if (answer.kind === 'whole') return;

  // koa-send's stream of the whole file is replaced; Koa only destroys it when the new body is not a stream.
  ctx.body.destroy();
  if (answer.kind === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${size}`);
    ctx.type = 'text/plain';
    ctx.body = 'Range Not Satisfiable';
    return;
  }
  const { start, end } = answer.range;
  ctx.body = createReadStream(file, { start, end });
  ctx.status = 206;
  ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
  ctx.length = end - start + 1;
}
