/**
 * Reads a lowdb data file element by element, in one pass and in bounded memory: each element of
 * each top-level array is yielded as soon as it is parsed and then dropped by the parser
 * (`keepStack: false`), so the file may be far larger than a string V8 can hold.
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { JSONParser, type ParsedElementInfo } from '@streamparser/json-node';

export interface LowdbElement {
  /** The top-level field the element belongs to, e.g. "members". */
  collection: string;
  /** Its index in that array; a property name when the top-level field is an object, not a list. */
  index: number | string;
  value: unknown;
}

/** The file is not JSON, or not an object of arrays. */
export class LowdbFileError extends Error {
  override readonly name = 'LowdbFileError';
}

const READ_CHUNK = 1024 * 1024;

function elementOf(info: ParsedElementInfo): LowdbElement {
  const collection = info.stack[1]?.key;
  if (typeof collection !== 'string')
    throw new LowdbFileError('The file is not a lowdb data file: its top level is not an object.');
  return { collection, index: info.key ?? '', value: info.value };
}

/** Yields the elements in file order. Rejects with LowdbFileError when the JSON is malformed or truncated. */
export async function* readLowdbElements(file: string): AsyncGenerator<LowdbElement> {
  // $.*.* : every element of every top-level array, and every field of a top-level object.
  // Nothing else is kept.
  const parser = new JSONParser({ paths: ['$.*.*'], keepStack: false });
  // pipeline() forwards a read error (ENOENT, EISDIR, …) to the parser, so the loop below sees it.
  pipeline(createReadStream(file, { highWaterMark: READ_CHUNK }), parser, () => {});
  try {
    for await (const info of parser as AsyncIterable<ParsedElementInfo>) yield elementOf(info);
  } catch (error) {
    if (error instanceof LowdbFileError) throw error;
    if (error instanceof Error && 'syscall' in error) {
      // A file-system error (ENOENT, EACCES, EISDIR …): its message names the file, nothing more.
      throw new LowdbFileError(`The file could not be read: ${error.message}`);
    }
    throw new LowdbFileError(`The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    parser.destroy();
  }
}
