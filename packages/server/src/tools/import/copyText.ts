/**
 * Rows in the text format of PostgreSQL's COPY: columns separated by tabs, rows by newlines,
 * NULL as \N, and backslash, tab, newline and carriage return escaped with a backslash. Nothing
 * else is special, so no value can end a row or a column early, however it is written.
 *
 * Text PostgreSQL cannot store is refused here, before it reaches SQL: the NUL character, and
 * lone UTF-16 surrogates, which encoding to UTF-8 would silently replace with U+FFFD.
 */

export type Cell = string | number | boolean | null;

/** Characters that need a closer look: the escaped ones, NUL and any surrogate. */
const SPECIAL = /[\\\t\n\r\0\uD800-\uDFFF]/;
const ESCAPED = /[\\\t\n\r]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type EncodedRow = { ok: true; line: string } | { ok: false; column: number; problem: string };

/** Why a text cannot be stored, or undefined when it can. */
function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'contains the NUL character, which PostgreSQL text cannot hold';
  if (LONE_SURROGATE.test(text)) return 'contains a broken character (a lone UTF-16 surrogate)';
  return undefined;
}

/** One row, newline included; or the index of the first cell that cannot be stored. */
export function encodeCopyRow(cells: readonly Cell[]): EncodedRow {
  let line = '';
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[i];
    if (i > 0) line += '\t';
    if (cell === null || cell === undefined) line += '\\N';
    else if (typeof cell === 'string') {
      if (SPECIAL.test(cell)) {
        const problem = textProblem(cell);
        if (problem) return { ok: false, column: i, problem };
        line += cell.replace(ESCAPED, (c) => ESCAPES[c] ?? c);
      } else line += cell;
    } else if (typeof cell === 'boolean') line += cell ? 't' : 'f';
    else line += String(cell);
  }
  return { ok: true, line: line + '\n' };
}
