import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour, initialsOf } from './avatar';

describe('initials avatars', () => {
  it('uses the first letters of the first and last names', () => {
    expect(initialsOf('Maria Gonzalez')).toBe('MG');
    expect(initialsOf('  mary  ann   de la cruz ')).toBe('MC');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('')).toBe('?');
  });

  it('chooses a stable colour from the palette', () => {
    expect(avatarColour('Maria Gonzalez')).toBe(avatarColour('Maria Gonzalez'));
    expect(AVATAR_COLOURS).toContain(avatarColour('Tom Becker'));
  });
});
