/**
 * The CSV export of the admin's participant list: RFC 4180 (comma-separated, CRLF line ends,
 * fields with a comma, quote or line break in double quotes, quotes doubled), UTF-8 with a
 * header row, and cells a spreadsheet would run as a formula neutralised (OWASP "CSV
 * injection"). Built as a stream of chunks so 50,000 rows never make one string; the server
 * and the mocks both send what `participantsCsv` yields.
 */
import type { AdminMemberFilter } from '@prr/contract';
import type { DomainReads } from './ports.js';
import { adminMemberView } from './participants.js';
import { memberSearch } from './participantSearch.js';

/** The byte-order mark: spreadsheets read the file as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';
const CSV_BATCH = 500;
const HEADER = ['Name', 'Email', 'State', 'ZIP Code', 'Status', 'Joined'] as const;

/**
 * A spreadsheet runs a cell that starts with =, +, - or @ (or a tab or carriage return before
 * one) as a formula. A leading apostrophe makes it text and shows the value as typed.
 */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvCell(value: string): string {
  const safe = neutralise(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The chunks of the file: the mark and header, then one chunk per batch of rows. */
export async function* participantsCsv(store: DomainReads, filter: AdminMemberFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(HEADER);
  for await (const batch of store.memberBatches(memberSearch(filter), CSV_BATCH)) {
    yield batch
      .map(adminMemberView)
      .map((m) => csvLine([m.name, m.email, m.state, m.zipCode, m.isActive ? 'Active' : 'Inactive', m.joinedAt]))
      .join('');
  }
}
