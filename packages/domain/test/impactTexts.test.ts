import type { ImpactSnapshot } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { HIDDEN_FIGURE_TEXT, IMPACT_PLACEHOLDERS, IMPACT_SLOTS, impactTexts } from '../src/index.js';

const published: ImpactSnapshot = {
  publishedAt: '2026-06-01T09:15:00.000Z',
  computedAt: '2026-06-01T09:10:00.000Z',
  evidence: {
    members: { hidden: false, members: 1240 },
    retention: [
      { day: 30, figure: { hidden: false, members: 412, share: 0.617 } },
      { day: 90, figure: { hidden: false, members: 215, share: 0.484 } },
    ],
    mood: { hidden: false, members: 180, from: 5.84, to: 7.12 },
    empathy: { hidden: false, members: 180, from: 6.1, to: 7.45 },
  },
};

describe('impactTexts (docs/product/insights.md)', () => {
  it('gives each figure its value and the members it stands on', () => {
    expect(impactTexts(published)).toEqual({
      date: 'June 1, 2026',
      members: '1,240',
      retentionDay30: '62%',
      retentionDay30Members: 'of 412 members who reached day 30',
      retentionDay90: '48%',
      retentionDay90Members: 'of 215 members who reached day 90',
      moodFrom: '5.8',
      moodTo: '7.1',
      moodMembers: '180 members who reflected in both weeks',
      empathyFrom: '6.1',
      empathyTo: '7.5',
      empathyMembers: '180 members who reflected in both weeks',
    });
  });

  it("says 'fewer than 10' for a hidden figure and nothing else: no value, no count", () => {
    const texts = impactTexts({
      ...published,
      evidence: {
        members: { hidden: true },
        retention: [
          { day: 30, figure: { hidden: false, members: 12, share: 0.5 } },
          { day: 90, figure: { hidden: true } },
        ],
        mood: { hidden: true },
        empathy: { hidden: true },
      },
    });
    expect(texts).toEqual({
      date: 'June 1, 2026',
      members: HIDDEN_FIGURE_TEXT,
      retentionDay30: '50%',
      retentionDay30Members: 'of 12 members who reached day 30',
      retentionDay90: HIDDEN_FIGURE_TEXT,
      retentionDay90Members: '',
      moodFrom: HIDDEN_FIGURE_TEXT,
      moodTo: '',
      moodMembers: '',
      empathyFrom: HIDDEN_FIGURE_TEXT,
      empathyTo: '',
      empathyMembers: '',
    });
    expect(HIDDEN_FIGURE_TEXT).toBe('fewer than 10');
  });

  it('reads a retention day the snapshot does not hold as hidden', () => {
    const texts = impactTexts({ ...published, evidence: { ...published.evidence, retention: [] } });
    expect([texts.retentionDay30, texts.retentionDay30Members]).toEqual([HIDDEN_FIGURE_TEXT, '']);
    expect([texts.retentionDay90, texts.retentionDay90Members]).toEqual([HIDDEN_FIGURE_TEXT, '']);
  });

  it('dates the snapshot by when its figures were taken, on the UTC calendar', () => {
    const late = { ...published, computedAt: '2026-05-31T23:59:00.000Z', publishedAt: '2026-06-01T00:04:00.000Z' };
    expect(impactTexts(late).date).toBe('May 31, 2026');
  });
});

describe('IMPACT_PLACEHOLDERS', () => {
  it('holds one token per slot, each unique, none inside another, and none that HTML would escape', () => {
    const tokens = IMPACT_SLOTS.map((slot) => IMPACT_PLACEHOLDERS[slot]);
    expect(Object.keys(IMPACT_PLACEHOLDERS).sort()).toEqual([...IMPACT_SLOTS].sort());
    for (const token of tokens) {
      expect(token).not.toMatch(/[&<>"']/);
      expect(
        tokens.filter((other) => other.includes(token)),
        token,
      ).toEqual([token]);
    }
  });
});
