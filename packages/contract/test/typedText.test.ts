import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEXT_MESSAGES } from '../src/constants.js';
import {
  JoinRequest,
  ParticipantRequest,
  ReflectionRequest,
  RippleEffectRequest,
  StoryRequest,
} from '../src/schemas.js';
import { UNSAFE_TEXT_CHARACTERS, looksLikeWebAddress, typedText } from '../src/typedText.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((i) => i.message);

describe('typed text (docs/product/rules.md#validation)', () => {
  const line = typedText(z.string());
  const lines = typedText(z.string(), 'multi-line');
  const name = typedText(z.string(), 'name');

  it.each([
    ['ESC', 'Ada\u001b'],
    ['BEL', 'Ada\u0007'],
    ['NUL', 'A\u0000da'],
    ['CR', 'Ada\rBcc: x'],
    ['LF', 'Ada\nLovelace'],
    ['TAB', 'Ada\tLovelace'],
    ['DEL', 'Ada\u007f'],
    ['C1 (NEL)', 'Ada\u0085'],
    ['right-to-left override', 'Ada\u202egnp.exe'],
    ['left-to-right isolate', '\u2066Ada'],
    ['pop directional isolate', 'Ada\u2069'],
    ['left-to-right mark', 'Ada\u200e'],
    ['right-to-left mark', 'Ada\u200f'],
    ['Arabic letter mark', 'Ada\u061c'],
  ])('a single-line text refuses %s', (_, value) => {
    expect(messages(line.safeParse(value))).toEqual([TEXT_MESSAGES.unsafeCharacters]);
  });

  it('a multi-line text keeps newlines (LF and CRLF) and tabs, and still refuses other controls and bidi', () => {
    expect(lines.safeParse('First line\nSecond\r\nThird\twith a tab').success).toBe(true);
    expect(messages(lines.safeParse('Bell\u0007'))).toEqual([TEXT_MESSAGES.unsafeCharacters]);
    expect(messages(lines.safeParse('Over\u202eride'))).toEqual([TEXT_MESSAGES.unsafeCharacters]);
    expect(messages(lines.safeParse('Form\u000cfeed'))).toEqual([TEXT_MESSAGES.unsafeCharacters]);
  });

  it('accepts ordinary text in any script, with accents, apostrophes and emoji', () => {
    for (const value of ['Zoë O’Brien-Núñez', 'محمد', 'שרה', '李小龙', 'Ada 🕊️', 'José María']) {
      expect(line.safeParse(value).success, value).toBe(true);
      expect(name.safeParse(value).success, value).toBe(true);
    }
  });

  it.each([
    'https://evil.example/claim-your-prize',
    'http://evil.example',
    'HTTPS://EVIL.EXAMPLE',
    'Ada ftp://files.example',
    'www.evil.example',
    'Visit WWW.evil.example',
    'evil.example/claim',
    'Ada claim-your-prize.com',
    'bit.ly/abc',
    'prize.xyz now',
  ])('a name refuses the web address in "%s"', (value) => {
    expect(messages(name.safeParse(value))).toEqual([TEXT_MESSAGES.webAddressInName]);
  });

  it.each([
    'St. John',
    'Ada L.',
    'J.R.R. Tolkien',
    'Mary-Jane Smith Jr.',
    'Dr. A. B. Cooper',
    'Anne-Marie de la Tour',
    'O. Henry',
  ])('a name keeps "%s"', (value) => {
    expect(looksLikeWebAddress(value)).toBe(false);
    expect(name.safeParse(value).success).toBe(true);
  });

  it('UNSAFE_TEXT_CHARACTERS removes every refused character from older text', () => {
    expect('A\u001bd\u202ea\u0007'.replace(UNSAFE_TEXT_CHARACTERS, '')).toBe('Ada');
  });

  it('the request schemas use it: names, zip codes, notes, stories, participant fields', () => {
    const join = JoinRequest.safeParse({ name: 'https://evil.example/x', email: 'a@example.org', zipCode: '10001' });
    expect(join.success || join.error.flatten().fieldErrors).toEqual({ name: [TEXT_MESSAGES.webAddressInName] });
    const zip = JoinRequest.safeParse({ name: 'Ada', email: 'a@example.org', zipCode: '1000\u0007' });
    expect(zip.success || zip.error.flatten().fieldErrors).toEqual({ zipCode: [TEXT_MESSAGES.unsafeCharacters] });

    const participant = ParticipantRequest.safeParse({
      name: 'Ada\u001b',
      email: 'a@example.org',
      state: 'NY',
      zipCode: '10001',
    });
    expect(participant.success || participant.error.flatten().fieldErrors).toEqual({
      name: [TEXT_MESSAGES.unsafeCharacters],
    });

    const story = StoryRequest.safeParse({ content: 'Line one\nLine two\u202e', location: 'Austin, TX', rating: 5 });
    expect(story.success || story.error.flatten().fieldErrors).toEqual({ content: [TEXT_MESSAGES.unsafeCharacters] });

    const ripple = RippleEffectRequest.shape.notes;
    expect(ripple.safeParse('We talked.\nIt went well.').success).toBe(true);
    expect(ripple.safeParse('\u0000').success).toBe(false);

    expect(ReflectionRequest.shape.notes.safeParse('Calm\n\tthen calmer').success).toBe(true);
    expect(ReflectionRequest.shape.promptResponse.safeParse('\u2067hidden').success).toBe(false);
  });
});
