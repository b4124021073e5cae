/**
 * The contract suite's cases for typed text (docs/product/rules.md#validation): a name refuses a
 * web address, and every text a visitor, member or the admin types refuses control and bidi
 * characters, each with the message the form shows under the field; multi-line texts keep their
 * newlines. Run by suite.ts against every target, with its rules: a fresh target per case.
 */
import { expect } from 'vitest';
import { TEXT_MESSAGES, api } from '@prr/contract';
import { storyRequest } from './stories.cases.js';
import { asAdmin, participant, refusedField, row, type Case } from './world.js';

const join = (fields: Partial<{ name: string; zipCode: string }>) => (w: { email(): string }) => ({
  json: { name: 'Casey Morgan', email: w.email(), zipCode: '10001', ...fields },
});

export const typedTextCases: Case[] = [
  row(
    api.joinMovement,
    'refuses a name with a web address (the Subject of no e-mail can carry one)',
    join({ name: 'https://evil.example/claim-your-prize' }),
    refusedField('name', TEXT_MESSAGES.webAddressInName),
  ),
  row(
    api.joinMovement,
    'refuses a name with a domain and a path, or www.',
    join({ name: 'Ada evil.example/prize' }),
    refusedField('name', TEXT_MESSAGES.webAddressInName),
  ),
  row(
    api.joinMovement,
    'refuses a name with a control character (ESC)',
    join({ name: 'Ada\u001b[31m' }),
    refusedField('name', TEXT_MESSAGES.unsafeCharacters),
  ),
  row(
    api.joinMovement,
    'refuses a name with a line break',
    join({ name: 'Ada\r\nLovelace' }),
    refusedField('name', TEXT_MESSAGES.unsafeCharacters),
  ),
  row(
    api.joinMovement,
    'refuses a name with a bidi override',
    join({ name: 'Ada\u202eecalevoL' }),
    refusedField('name', TEXT_MESSAGES.unsafeCharacters),
  ),
  row(
    api.joinMovement,
    'refuses a zip code with a control character (BEL)',
    join({ zipCode: '10001\u0007' }),
    refusedField('zipCode', TEXT_MESSAGES.unsafeCharacters),
  ),
  row(
    api.joinMovement,
    'keeps a name with initials and abbreviations (St. John, Ada L.)',
    join({ name: 'St. John Ada L.' }),
    { status: 200, then: (body) => expect(body).toEqual({ joined: true }) },
  ),
  row(
    api.shareStory,
    'a story keeps its newlines but refuses a bidi control',
    (w) => w.asMember({ json: storyRequest({ content: 'We talked.\nIt went better.\u2066' }) }),
    refusedField('content', TEXT_MESSAGES.unsafeCharacters),
  ),
  row(
    api.shareStory,
    'a story of several lines is shared as written',
    (w) => w.asMember({ json: storyRequest({ content: 'We talked.\n\nIt went better.' }) }),
    { status: 201, then: (story) => expect(story.content).toBe('We talked.\n\nIt went better.') },
  ),
  row(
    api.addParticipant,
    "refuses a participant's name with a web address",
    (w) => asAdmin(w, { json: { ...participant(w.email()), name: 'www.evil.example' } }),
    refusedField('name', TEXT_MESSAGES.webAddressInName),
  ),
];
