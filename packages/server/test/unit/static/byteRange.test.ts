import { describe, expect, it } from 'vitest';
import { readRange } from '../../../src/static/byteRange.js';

describe('readRange (one byte range of a 1,000-byte file)', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    [' bytes=0-0 ', { start: 0, end: 0 }],
  ])('%s is the part %o', (header, range) => {
    expect(readRange(header, 1000)).toEqual({ kind: 'part', range });
  });

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0'])('%s cannot be satisfied', (header) => {
    expect(readRange(header, 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it('nothing of an empty file can be satisfied', () => {
    expect(readRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(readRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([undefined, '', 'bytes=-', 'bytes=5-1', 'bytes=0-1,5-9', 'items=0-9', 'bytes=a-b', 'bytes=0x10-'])(
    '%j is ignored: the whole file',
    (header) => {
      expect(readRange(header, 1000)).toEqual({ kind: 'whole' });
    },
  );
});
