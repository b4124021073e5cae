import { describe, expect, it } from 'vitest';
import { AdminMemberFilter } from '@prr/contract';
import { addParticipant } from '../src/participants.js';
import { CSV_BOM, csvCell, csvLine, participantsCsv } from '../src/participantsCsv.js';
import { testStore } from './support.js';

const collect = async (chunks: AsyncIterable<string>) => {
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts;
};

describe('participants CSV', () => {
  it('quotes fields with a comma or quote, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('Jane "JD" Doe')).toBe('"Jane ""JD"" Doe"');
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });

  it('keeps every cell on one line: line breaks of an older row become spaces, control and bidi characters go', () => {
    expect(csvCell('two\nlines')).toBe('two lines');
    expect(csvCell('Ada\r\nLovelace, Countess')).toBe('"Ada  Lovelace, Countess"');
    expect(csvCell('Ada\u001b[31m\u0007\u202e')).toBe('Ada[31m');
    expect(csvCell('\r=1')).toBe("' =1");
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('streams the byte-order mark and header, then rows in batches, in the filter and order', async () => {
    const { store } = testStore();
    const now = new Date('2026-03-02T15:00:00Z');
    for (let i = 0; i < 1_200; i += 1) {
      const state = i % 2 === 0 ? 'Texas' : 'Ohio';
      await addParticipant(store, { name: `P${i}`, email: `p${i}@example.org`, state, zipCode: '73301' }, now);
    }
    const chunks = await collect(participantsCsv(store, AdminMemberFilter.parse({ state: 'tx', sort: 'oldest' })));
    expect(chunks[0]).toBe(`${CSV_BOM}Name,Email,State,ZIP Code,Status,Joined\r\n`);
    // 600 rows in batches of 500: no chunk holds the whole file.
    expect(chunks).toHaveLength(3);
    const rows = chunks.slice(1).join('').split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(600);
    expect(rows[0]).toBe('P0,p0@example.org,Texas,73301,Active,2026-03-02T15:00:00.000Z');
    expect(rows.at(-1)).toMatch(/^P1198,/);
  });
});
