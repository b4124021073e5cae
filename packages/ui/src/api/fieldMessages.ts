/** A failed call's per-field messages (docs/product/api.md#errors), for the forms that show them under their fields. */
import { HttpError } from '@prr/contract';

/**
 * The server's per-field messages for the fields a form has, first message each, in the form's
 * order, so they can be shown under the fields (e.g. an unknown state, a malformed e-mail).
 */
export function fieldMessages<K extends string>(error: unknown, fields: readonly K[]): [K, string][] {
  if (!(error instanceof HttpError) || !error.fields) return [];
  const messages: [K, string][] = [];
  for (const field of fields) {
    const message = error.fields[field]?.[0];
    if (message) messages.push([field, message]);
  }
  return messages;
}
