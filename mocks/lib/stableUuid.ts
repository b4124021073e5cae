/**
 * Deterministic, well-formed v4-style UUIDs for fixtures. Fixture ids must be stable so stories and
 * visual snapshots do not change between runs, yet they must look like the server's random UUIDs
 * (docs/product/rules.md#members: member ids are never sequential), so a readable seed is hashed into UUID form.
 */

/** 32-bit FNV-1a of the text, salted so four calls give 128 independent-looking bits. */
function fnv1a(text: string, salt: number): number {
  let hash = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function stableUuid(seed: string): string {
  const hex = [0, 1, 2, 3]
    .map((salt) =>
      fnv1a(seed, salt * 0x9e3779b9)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  // Version nibble 4 and variant bits 10xx make it a valid RFC 9562 UUID for z.uuid().
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A member's invite code in the mocks: 12 characters derived from the address, the same on every
 * run, so an invite link in a story's picture does not change (the server's codes are random).
 */
export function stableInviteCode(email: string): string {
  return stableUuid(`invite:${email}`).replaceAll('-', '').slice(0, 12);
}
