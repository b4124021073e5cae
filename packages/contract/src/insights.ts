/**
 * What the 90 days show (docs/product/insights.md): the organiser's Insights and the movement's
 * published evidence. Every figure is an aggregate over at least the domain's minimum of members
 * (MIN_MEMBERS_PER_FIGURE in @prr/domain); a smaller group arrives as `{ hidden: true }` with no
 * count and no value, so nothing about it can leave the server.
 */
import { z } from 'zod';
import { IsoDate, IsoDateTime } from './schemas.js';
import { canonicalStateName } from './usStates.js';

/** The days of the experiment at which Insights and the evidence measure retention. */
export const RETENTION_DAYS = [7, 14, 30, 60, 90] as const;
/** The retention the published evidence shows. */
export const EVIDENCE_RETENTION_DAYS = [30, 90] as const;
/** The evidence compares the experiment's first week with its twelfth (days 78 to 84). */
export const EVIDENCE_WEEKS = { first: 1, last: 12 } as const;

/** A group too small to show: nothing but the fact. */
export const HiddenFigure = z.object({ hidden: z.literal(true) });

/** A figure shown: `members` is how many members it stands on, then its values. */
function figure<S extends z.ZodRawShape>(shape: S) {
  return z.discriminatedUnion('hidden', [
    z.object({ hidden: z.literal(false), members: z.int().min(0), ...shape }),
    HiddenFigure,
  ]);
}

const Share = z.number().min(0).max(1);
const Average = z.number();

/** A count of members (joins in a week, in a state, in a cohort): the count is the figure. */
export const CountFigure = figure({});
export type CountFigure = z.infer<typeof CountFigure>;

/** Of the members whose day `day` of the experiment is over (`members`), the share who saved a reflection for it. */
export const RetentionFigure = z.object({ day: z.int().min(1), figure: figure({ share: Share }) });
export type RetentionFigure = z.infer<typeof RetentionFigure>;

/** One day of the experiment over every member who saved a reflection for it (`members`). */
export const DayFigures = z.object({
  day: z.int().min(1),
  figure: figure({
    mood: Average,
    empathy: Average,
    selfAwareness: Average,
    paused: Share,
    reflected: Share,
    retried: Share,
  }),
});
export type DayFigures = z.infer<typeof DayFigures>;

/** Members who joined in a week (Monday, in their own time zone), and how many of them kept going. */
export const CohortFigures = z.object({
  week: IsoDate,
  joins: CountFigure,
  retention: z.array(RetentionFigure),
});
export type CohortFigures = z.infer<typeof CohortFigures>;

/** The ripple effects recorded for a week of the experiment: totals over the members who recorded one. */
export const RippleWeekFigures = z.object({
  week: z.int().min(1),
  figure: figure({
    relationshipImprovements: z.int().min(0),
    positiveInteractions: z.int().min(0),
    conflictsAvoided: z.int().min(0),
    othersInspired: z.int().min(0),
  }),
});
export type RippleWeekFigures = z.infer<typeof RippleWeekFigures>;

/** An average in the first and in the last week compared, over the members who reflected in both. */
export const ChangeFigure = figure({ from: Average, to: Average });
export type ChangeFigure = z.infer<typeof ChangeFigure>;

/** The movement's evidence: what /impact shows once the organiser publishes it. */
export const Evidence = z.object({
  members: CountFigure,
  retention: z.array(RetentionFigure),
  mood: ChangeFigure,
  empathy: ChangeFigure,
});
export type Evidence = z.infer<typeof Evidence>;

const JoinMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month as YYYY-MM' });

/** Insights' filters (query string): a state's name or code, and the month members joined; '' for all. */
export const InsightsQuery = z.object({
  state: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || canonicalStateName(value) !== undefined, { error: 'Choose a US state' })
    .transform((value) => (value === '' ? '' : (canonicalStateName(value) ?? ''))),
  joinMonth: z.union([z.literal(''), JoinMonth]).default(''),
});
export type InsightsQuery = z.output<typeof InsightsQuery>;
export type InsightsQueryInput = z.input<typeof InsightsQuery>;

export const Insights = z.object({
  /** When the figures were computed: a cached answer is up to the cache's age old. */
  computedAt: IsoDateTime,
  filter: z.object({ state: z.string(), joinMonth: z.string() }),
  members: CountFigure,
  joinsByWeek: z.array(z.object({ week: IsoDate, joins: CountFigure })),
  joinsByState: z.array(z.object({ state: z.string(), joins: CountFigure })),
  days: z.array(DayFigures),
  retention: z.array(RetentionFigure),
  cohorts: z.array(CohortFigures),
  rippleWeeks: z.array(RippleWeekFigures),
  evidence: Evidence,
});
export type Insights = z.infer<typeof Insights>;

/** A published snapshot of the evidence, whole-movement, with its date. */
export const ImpactSnapshot = z.object({ publishedAt: IsoDateTime, computedAt: IsoDateTime, evidence: Evidence });
export type ImpactSnapshot = z.infer<typeof ImpactSnapshot>;

/** What the admin has published (null: nothing; /impact answers 404). */
export const PublishedImpact = z.object({ snapshot: ImpactSnapshot.nullable() });
export type PublishedImpact = z.infer<typeof PublishedImpact>;

export const InsightsRefreshed = z.object({ refreshed: z.literal(true) });
export const ImpactWithdrawn = z.object({ withdrawn: z.literal(true) });
