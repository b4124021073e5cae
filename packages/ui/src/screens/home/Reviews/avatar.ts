/**
 * Avatars for reviewers without a photo are drawn here from their initials (docs/decisions/016-self-hosted-assets-and-links.md: no
 * third-party avatar service). The colour is chosen from the name, so it is stable per person.
 */

/** Dark enough for white initials at AA contrast. */
export const AVATAR_COLOURS = ['#8a3f06', '#4a6329', '#2f6f8f', '#5c4a3b', '#7a3b5c', '#6b4f1d'] as const;

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}
