/**
 * The admin password's strength (docs/decisions/027-admin-second-factor.md): zxcvbn-ts with its
 * common and English dictionaries, which know the passwords attackers try first. A password
 * passes with a score of at least 3 and ADMIN_PASSWORD_MIN characters. The dictionaries stay on
 * the server: no admin page downloads them.
 */
import { ADMIN_PASSWORD_MIN } from '@prr/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

export const MIN_PASSWORD_SCORE = 3;

let zxcvbn: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take a moment to index. */
const checker = (): ZxcvbnFactory =>
  (zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  }));

/** Why the password is refused, in the admin's words; undefined when it is strong enough. */
export function weakPasswordReason(password: string, userInputs: string[] = []): string | undefined {
  if (password.length < ADMIN_PASSWORD_MIN) return `New password must be at least ${ADMIN_PASSWORD_MIN} characters`;
  const result = checker().check(password, userInputs);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const hint = result.feedback.warning ?? result.feedback.suggestions[0];
  return `This password is too easy to guess.${hint ? ` ${hint}` : ''} Try a longer passphrase of unrelated words.`;
}
