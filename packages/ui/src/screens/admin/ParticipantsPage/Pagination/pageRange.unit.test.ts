import { describe, expect, it } from 'vitest';
import { pageRange } from './pageRange';

describe('pageRange', () => {
  it('gives the positions of the page and the number of pages', () => {
    expect(pageRange(2, 25, 1234)).toEqual({ pageCount: 50, first: 26, last: 50 });
    expect(pageRange(50, 25, 1234)).toEqual({ pageCount: 50, first: 1226, last: 1234 });
  });

  it('counts an empty list as one page with nobody on it', () => {
    expect(pageRange(1, 25, 0)).toEqual({ pageCount: 1, first: 0, last: 0 });
  });

  it('has nobody on a page past the last', () => {
    expect(pageRange(4, 25, 60)).toEqual({ pageCount: 3, first: 0, last: 0 });
  });
});
