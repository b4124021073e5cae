/**
 * Refusals for text a visitor, member or the admin types (docs/product/rules.md#validation).
 * Control characters reach places that are not the page: mail headers, CSV cells, logs, terminals.
 * Bidi controls make a text read differently from what it stores (a name that shows one address
 * and links another). Names are shown in e-mails and to the admin, so they may not carry a web
 * address either.
 */
import type { z } from 'zod';
import { TEXT_MESSAGES } from './constants.js';

/** C0 controls, DEL, C1 controls and the Unicode bidi controls (embeddings, overrides, isolates, marks). */
const CONTROL_OR_BIDI = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

/** Every control or bidi character, for removing them from text stored before these rules. */
export const UNSAFE_TEXT_CHARACTERS = new RegExp(`[${CONTROL_OR_BIDI}]`, 'g');

const UNSAFE_SINGLE_LINE = new RegExp(`[${CONTROL_OR_BIDI}]`);
/** Multi-line text keeps its line breaks (LF, and CR of a CRLF) and tabs. */
const UNSAFE_MULTI_LINE = new RegExp(
  `[${CONTROL_OR_BIDI.replace('\\u0000-\\u001f', '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f')}]`,
);

/**
 * A web address in a name: a scheme (`https://`, `ftp://`), `www.`, or a domain followed by a
 * path (`evil.example/prize`), or a domain under a common top-level domain (`evil.com`). A dot
 * followed by a space or the end ("St. John", "Ada L.") is not one.
 */
const WEB_ADDRESS = [
  /[a-z][a-z\d+.-]*:\/\//i,
  /(^|[^\p{L}\d])www\./iu,
  /[\p{L}\d-]+\.[\p{L}]{2,}\//iu,
  /[\p{L}\d-]+\.(com|net|org|info|biz|io|xyz|top|online|site|app|link|click|shop|store|ru|cn)($|[^\p{L}\d])/iu,
];

export const hasUnsafeCharacters = (value: string, multiLine = false): boolean =>
  (multiLine ? UNSAFE_MULTI_LINE : UNSAFE_SINGLE_LINE).test(value);

export const looksLikeWebAddress = (value: string): boolean => WEB_ADDRESS.some((pattern) => pattern.test(value));

export type TypedTextKind = 'single-line' | 'multi-line' | 'name';

/**
 * `schema` refusing what a typed text of this kind may not hold: control and bidi characters
 * (a multi-line text keeps newlines and tabs), and for a name, web addresses. Each refusal has
 * its own message, shown under the field.
 */
export function typedText<T extends z.ZodType<string, string>>(schema: T, kind: TypedTextKind = 'single-line') {
  const checked = schema.refine((value) => !hasUnsafeCharacters(value, kind === 'multi-line'), {
    error: TEXT_MESSAGES.unsafeCharacters,
  });
  return kind === 'name'
    ? checked.refine((value) => !looksLikeWebAddress(value), { error: TEXT_MESSAGES.webAddressInName })
    : checked;
}
