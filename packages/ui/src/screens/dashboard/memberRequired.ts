/**
 * docs/product/screens.md#errors-without-a-member: saving a reflection or the e-mail settings without a member raises
 * 'Member not found' before any request is made.
 */
export function requireMember<T>(member: T | null | undefined): T {
  if (!member) throw new Error('Member not found');
  return member;
}
