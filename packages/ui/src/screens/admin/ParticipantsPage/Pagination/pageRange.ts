/** The numbers the pagination shows, from the server's total (docs/product/api.md#admin). */
export interface PageRange {
  /** At least 1, so an empty list is 'Page 1 of 1'. */
  pageCount: number;
  /** 1-based positions of the page's first and last participant; 0 and 0 when there is none. */
  first: number;
  last: number;
}

export function pageRange(page: number, pageSize: number, total: number): PageRange {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  if (first > total) return { pageCount, first: 0, last: 0 };
  return { pageCount, first, last: Math.min(total, page * pageSize) };
}
