/**
 * Undeliverable addresses (docs/product/rules.md#undeliverable-addresses). When the receiving
 * mail server refuses a member's address for good (an SMTP 5xx reply to it), the member is marked
 * with the time and the reply's code, and no welcome, daily reflection or level-up goes to the
 * address any more: mailing an address that bounces harms the movement's standing with every
 * mail provider. The sign-in e-mail still goes when the member asks for one, and proving the
 * address (proof.ts) takes the mark away in the same write.
 */
import type { DomainWrites } from './ports.js';
import type { MemberPatch, StoredMember } from './records.js';

type Marked = Pick<StoredMember, 'emailUndeliverableAt' | 'emailUndeliverableCode'>;

/** The receiving server refused this member's address for good, and it has not been proved since. */
export function isUndeliverable(member: Marked): boolean {
  return member.emailUndeliverableAt !== undefined;
}

/** The patch that takes the mark away. */
export const UNDELIVERABLE_CLEARED = {
  emailUndeliverableAt: null,
  emailUndeliverableCode: null,
} as const satisfies MemberPatch;

/** The member as they read once the mark is taken away. */
export function withoutUndeliverable<T extends Marked>(member: T): T {
  const { emailUndeliverableAt: _at, emailUndeliverableCode: _code, ...rest } = member;
  return rest as T;
}

/**
 * Marks the member's address undeliverable after a refusal with `code` (500-599) at `at`. A
 * member already marked keeps the first refusal's time and code: the admin sees since when.
 * Answers whether this call marked them (false: already marked, or no such member any more).
 */
export async function markUndeliverable(tx: DomainWrites, memberId: string, at: Date, code: number): Promise<boolean> {
  const member = await tx.memberById(memberId);
  if (!member || isUndeliverable(member)) return false;
  await tx.updateMember(memberId, { emailUndeliverableAt: at.toISOString(), emailUndeliverableCode: code });
  return true;
}
