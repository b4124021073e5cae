import { describe, expect, it } from 'vitest';
import type { ReflectionRequest } from '@prr/contract';
import {
  averageChanges,
  changeSentence,
  dailyFiguresCsv,
  progressDays,
  progressWeeks,
  type AverageChange,
} from '../src/insights/memberProgress.js';
import { reflectionRequest } from './support.js';

/** reflectionRequest's figures: mood 7, empathy 8, self-awareness 6, 1 conflict, 2 better responses. */
const on = (day: number, overrides: Partial<ReflectionRequest> = {}) => reflectionRequest(day, overrides);

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe('progressDays', () => {
  it('answers days 1 to the current day, null where no reflection was written', () => {
    const [r1, r3, r4] = [on(1), on(3), on(4)];
    expect(progressDays([r4, r1, r3], 5)).toStrictEqual([
      { day: 1, reflection: r1 },
      { day: 2, reflection: null },
      { day: 3, reflection: r3 },
      { day: 4, reflection: r4 },
      { day: 5, reflection: null },
    ]);
  });

  it('stops at the current day', () => {
    expect(progressDays([on(1), on(2), on(3)], 2).map((d) => d.day)).toStrictEqual([1, 2]);
    expect(progressDays([], 1)).toStrictEqual([{ day: 1, reflection: null }]);
  });

  it('stops at day 90 after the experiment', () => {
    const r90 = on(90);
    const days = progressDays([on(1), r90], 130);
    expect(days).toHaveLength(90);
    expect(days.at(-1)).toStrictEqual({ day: 90, reflection: r90 });
    expect(days.filter((d) => d.reflection !== null).map((d) => d.day)).toStrictEqual([1, 90]);
  });
});

describe('progressWeeks', () => {
  const reflections = [
    on(1, { conflictCount: 2, successfulResponses: 1 }),
    on(7, { conflictCount: 1, successfulResponses: 1 }),
    on(8, { conflictCount: 3, successfulResponses: 2 }),
  ];

  it("sums each week's days, conflicts and better responses, up to the current week; 0 in a week without any", () => {
    expect(progressWeeks(reflections, 16)).toStrictEqual([
      { week: 1, days: 2, conflicts: 3, betterResponses: 2 },
      { week: 2, days: 1, conflicts: 3, betterResponses: 2 },
      { week: 3, days: 0, conflicts: 0, betterResponses: 0 },
    ]);
  });

  it('stops at the current week', () => {
    expect(progressWeeks(reflections, 7)).toStrictEqual([{ week: 1, days: 2, conflicts: 3, betterResponses: 2 }]);
  });

  it('ends with week 13 (days 85 to 90) after the experiment', () => {
    const weeks = progressWeeks([on(84), on(85), on(90)], 200);
    expect(weeks.map((w) => w.week)).toStrictEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(weeks[11]).toStrictEqual({ week: 12, days: 1, conflicts: 1, betterResponses: 2 });
    expect(weeks[12]).toStrictEqual({ week: 13, days: 2, conflicts: 2, betterResponses: 4 });
  });
});

describe('averageChanges and changeSentence', () => {
  // Week 1 (days 1–7): mood 5 but one 6 (36/7 = 5.14), empathy 8; week 2: one reflection;
  // week 5 (days 29–35), the latest: moods 6, 7, 6, 7, 6 (32/5 = 6.4), empathy 7. Self-awareness 6 throughout.
  const weekOne = [1, 2, 3, 4, 5, 6, 7].map((day) => on(day, { mood: day === 5 ? 6 : 5, empathyScore: 8 }));
  const weekFive = [29, 30, 31, 33, 35].map((day, i) => on(day, { mood: i % 2 === 0 ? 6 : 7, empathyScore: 7 }));
  const reflections = [...weekFive, on(10, { mood: 1, empathyScore: 1 }), ...weekOne];

  it('compares week 1 with the latest week that has a reflection, to one decimal', () => {
    expect(
      averageChanges(reflections).map((c) => [c.measure.key, c.measure.label, c.from, c.to, c.latestWeek]),
    ).toStrictEqual([
      ['mood', 'mood', 5.1, 6.4, 5],
      ['empathy', 'empathy', 8, 7, 5],
      ['selfAwareness', 'self-awareness', 6, 6, 5],
    ]);
  });

  it('says whether each rose, fell or stayed', () => {
    expect(averageChanges(reflections).map(changeSentence)).toStrictEqual([
      'Your average mood rose from 5.1 to 6.4',
      'Your average empathy fell from 8.0 to 7.0',
      'Your average self-awareness stayed at 6.0',
    ]);
  });

  it('answers nothing until week 1 and a later week both have a reflection', () => {
    expect(averageChanges([])).toStrictEqual([]);
    expect(averageChanges(weekOne)).toStrictEqual([]);
    // Weeks 2 and 5 without week 1.
    expect(averageChanges([on(10), ...weekFive])).toStrictEqual([]);
    // One reflection in week 2 is enough.
    expect(averageChanges([...weekOne, on(8, { mood: 9 })]).map((c) => [c.from, c.to, c.latestWeek])).toStrictEqual([
      [5.1, 9, 2],
      [8, 8, 2],
      [6, 6, 2],
    ]);
  });

  it('the sentence shows one decimal, also for whole numbers', () => {
    const [mood] = averageChanges([on(1, { mood: 4 }), on(8, { mood: 10 })]) as [AverageChange];
    expect(changeSentence(mood)).toBe('Your average mood rose from 4.0 to 10.0');
    expect(changeSentence({ ...mood, from: 6.5, to: 6.5 })).toBe('Your average mood stayed at 6.5');
    expect(changeSentence({ ...mood, from: 6.5, to: 6.4 })).toBe('Your average mood fell from 6.5 to 6.4');
  });
});

describe('dailyFiguresCsv', () => {
  it('one row per saved day, oldest first, figures only', async () => {
    const secrets = { notes: 'SECRET note', promptResponse: 'SECRET response', reflectionPrompt: 'SECRET prompt' };
    const reflections = [
      on(3, {
        ...secrets,
        paused: false,
        reflected: true,
        retried: true,
        mood: 4,
        empathyScore: 5,
        selfAwarenessScore: 7,
        conflictCount: 0,
        successfulResponses: 0,
      }),
      on(1, secrets),
    ];
    const csv = await text(dailyFiguresCsv(reflections));
    expect(csv).toBe(
      '\uFEFF' +
        'Day,Date,Paused,Reflected,Retried,Mood,Empathy,Self-awareness,Conflicts,Better responses\r\n' +
        '1,2026-03-02,yes,yes,no,7,8,6,1,2\r\n' +
        '3,2026-03-04,no,yes,yes,4,5,7,0,0\r\n',
    );
    expect(csv).not.toMatch(/secret/i);
    // The member's list keeps its own order.
    expect(reflections.map((r) => r.day)).toStrictEqual([3, 1]);
  });

  it('is the header alone before the first reflection', async () => {
    expect(await text(dailyFiguresCsv([]))).toBe(
      '\uFEFFDay,Date,Paused,Reflected,Retried,Mood,Empathy,Self-awareness,Conflicts,Better responses\r\n',
    );
  });
});
