/**
 * The e-mails' key travels in the address's fragment, `/dashboard#key=…`
 * (docs/decisions/025-e-mail-key-flow.md): a fragment is never sent to the server, so the key
 * reaches no server log and no `Referer`.
 */

/** The key in a fragment such as `#key=abc` (other fragment parameters are allowed), or null. */
export function keyInFragment(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key ? key : null;
}

/** The fragment without its key: '' when nothing else was in it. */
export function fragmentWithoutKey(hash: string): string {
  const rest = new URLSearchParams(hash.replace(/^#/, ''));
  rest.delete('key');
  const text = rest.toString();
  return text ? `#${text}` : '';
}
