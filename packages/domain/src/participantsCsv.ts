/**
 * The CSV exports of the admin area (the participant list, the admin's activity): RFC 4180 (comma-separated, CRLF line ends,
 * fields with a comma or quote in double quotes, quotes doubled, one line per row), UTF-8 with a
 * header row, and cells a spreadsheet would run as a formula neutralised (OWASP "CSV
 * injection"). Built as a stream of chunks so 50,000 rows never make one string; the server
 * and the mocks both send what `participantsCsv` yields.
 */
import { UNSAFE_TEXT_CHARACTERS, type AdminMemberFilter } from '@prr/contract';
import type { DomainReads } from './ports.js';
import { adminMemberView } from './participants.js';
import { memberSearch } from './participantSearch.js';

/** The byte-order mark: spreadsheets read the file as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';
/** Rows read from the store at a time. */
export const CSV_BATCH = 500;
const HEADER = ['Name', 'Email', 'State', 'ZIP Code', 'Status', 'Joined'] as const;

/**
 * A spreadsheet runs a cell that starts with =, +, - or @ (or a tab or carriage return before
 * one) as a formula. A leading apostrophe makes it text and shows the value as typed.
 */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Every cell is one line: names refuse line breaks and control characters today
 * (docs/product/rules.md#validation), but a row stored before may hold them. Line breaks become
 * a space; other control and bidi characters (a tab aside) are dropped.
 */
function oneLine(value: string): string {
  return value.replace(UNSAFE_TEXT_CHARACTERS, (c) => (c === '\t' ? c : c === '\r' || c === '\n' ? ' ' : ''));
}

export function csvCell(value: string): string {
  const safe = oneLine(neutralise(value));
  return /[",]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Any CSV file by these rules, as chunks: the mark and header, then one chunk per batch of rows. */
export async function* csvChunks<T>(
  header: readonly string[],
  batches: AsyncIterable<readonly T[]>,
  row: (item: T) => readonly string[],
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  for await (const batch of batches) yield batch.map((item) => csvLine(row(item))).join('');
}

async function* oneBatch<T>(items: readonly T[]): AsyncGenerator<readonly T[]> {
  yield items;
}

/** A small CSV whose rows are all at hand (Insights' figures, a member's days), by the same rules. */
export function csvOf<T>(header: readonly string[], items: readonly T[], row: (item: T) => readonly string[]) {
  return csvChunks(header, oneBatch(items), row);
}

/** The participants a filter shows, `CSV_BATCH` at a time. */
export function participantsCsv(store: DomainReads, filter: AdminMemberFilter): AsyncGenerator<string> {
  return csvChunks(HEADER, store.memberBatches(memberSearch(filter), CSV_BATCH), (member) => {
    const m = adminMemberView(member);
    return [m.name, m.email, m.state, m.zipCode, m.isActive ? 'Active' : 'Inactive', m.joinedAt];
  });
}
