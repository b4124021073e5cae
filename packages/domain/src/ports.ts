/**
 * What the use cases ask of a store: the server's two stores (packages/server/src/store/types.ts
 * extends these) and the in-memory one the mocks run on (memoryStore.ts) all answer them alike.
 *
 * Every implementation keeps these rules:
 * - Lists come back in the order noted per method, so every store answers alike.
 * - Returned objects are copies: changing one never changes the store.
 * - The writes a use case makes through one DomainWrites land together or not at all (the server
 *   runs each use case in one transaction); the rules check before they write.
 */
import type {
  AdminMemberSort,
  AdminMemberStatus,
  ImpactSnapshot,
  StateParticipation,
  StoryStatus,
} from '@prr/contract';
import type { CachedInsightTotals } from './insights/insights.js';
import type { InsightFilter, InsightTotals } from './insights/totals.js';
import type {
  MemberPatch,
  StoredAchievement,
  StoredAdminAction,
  StoredMember,
  StoredReflection,
  StoredRippleEffect,
  StoredStory,
} from './records.js';

/**
 * Which members the admin's list shows (participantSearch.ts builds it from the query): the
 * match and order rules are `memberMatches` and `compareMembers` there, which SQL stores mirror.
 */
export interface MemberSearch {
  /** Trimmed and lower-cased; '' matches everyone. */
  text: string;
  /** A full state name; '' for every state. */
  state: string;
  status: AdminMemberStatus;
  sort: AdminMemberSort;
}

export interface MemberSearchPage {
  members: StoredMember[];
  /** Every member the search matches, whatever the page. */
  total: number;
}

export interface DomainReads {
  memberById(id: string): Promise<StoredMember | undefined>;
  /** Compared by normaliseEmail (email.ts): trimmed, any case. */
  memberByEmail(email: string): Promise<StoredMember | undefined>;
  /** Ascending by day. */
  reflectionsOf(memberId: string): Promise<StoredReflection[]>;
  /** The member's reflection of that day. */
  reflectionOn(memberId: string, day: number): Promise<StoredReflection | undefined>;
  /** The member's `count` latest reflections, newest day first (what a save's achievements need). */
  latestReflections(memberId: string, count: number): Promise<StoredReflection[]>;
  /** Ascending by awardedAt; ties in the order they were added (one save can earn two). */
  achievementsOf(memberId: string): Promise<StoredAchievement[]>;
  /** Newest week first; within a week the latest record first. */
  rippleEffectsOf(memberId: string): Promise<StoredRippleEffect[]>;
  /** In the order the map table was written. */
  states(): Promise<StateParticipation[]>;
  memberCount(): Promise<number>;
  /** Newest joinedAt first; members who joined in the same millisecond: the last added first. */
  membersNewestFirst(limit?: number): Promise<StoredMember[]>;
  /** Active members with a state, counted per full state name. */
  activeMembersByState(): Promise<Map<string, number>>;
  /** The members a search matches, in its order, `limit` of them from `offset`, and their total. */
  searchMembers(search: MemberSearch, offset: number, limit: number): Promise<MemberSearchPage>;
  /** Every member a search matches, in its order, in batches of at most `batchSize` (the CSV export). */
  memberBatches(search: MemberSearch, batchSize: number): AsyncIterable<StoredMember[]>;
  /** The map table the last 'Update Map' replaced, while it can still be undone. */
  statesBackup(): Promise<StateParticipation[] | undefined>;
  /** The member whose invite link has this code (exact match). */
  memberByInviteCode(code: string): Promise<StoredMember | undefined>;
  /** How many members joined through this member's invite link (invitedBy). */
  invitedCount(memberId: string): Promise<number>;
  /** The member's stories, newest submittedAt first; ties: the last added first. */
  storiesOf(memberId: string): Promise<StoredStory[]>;
  storyById(id: string): Promise<StoredStory | undefined>;
  /**
   * Stories of one status, at most `limit`: pending ones oldest submittedAt first (the admin's
   * queue), approved and rejected newest reviewedAt first; ties: the last added first.
   */
  storiesWithStatus(status: StoryStatus, limit: number): Promise<StoredStory[]>;
  /** The evidence the admin published on /impact; undefined while nothing is. */
  impactSnapshot(): Promise<ImpactSnapshot | undefined>;
}

export interface DomainWrites extends DomainReads {
  /** Adds a member; false (and nothing written) when the e-mail already belongs to one. */
  insertMember(member: StoredMember): Promise<boolean>;
  updateMember(id: string, patch: MemberPatch): Promise<void>;
  /** Inserts, or replaces the member's reflection of the same day (keeping its id). */
  upsertReflection(reflection: StoredReflection): Promise<void>;
  /** Adds an achievement; false when the member already holds that achievementType. */
  insertAchievement(achievement: StoredAchievement): Promise<boolean>;
  /**
   * One record per member and week: inserts, or replaces the member's record of the same week
   * (keeping its id and createdAt).
   */
  upsertRippleEffect(effect: StoredRippleEffect): Promise<void>;
  insertStory(story: StoredStory): Promise<void>;
  /** Changes a story's status and reviewedAt; nothing when there is no such story. */
  updateStory(id: string, patch: Pick<StoredStory, 'status' | 'reviewedAt'>): Promise<void>;
  replaceStates(states: readonly StateParticipation[]): Promise<void>;
  /** Keeps a map table for one undo; undefined forgets it. */
  replaceStatesBackup(states: readonly StateParticipation[] | undefined): Promise<void>;
  /**
   * Removes the member and everything of theirs the store keeps: reflections, achievements,
   * ripple effects, stories, and (in the server's stores) sessions, sign-ins and the e-mail log.
   * Members they invited keep their membership (their invitedBy is cleared).
   * False when there was no such member.
   */
  deleteMember(id: string): Promise<boolean>;
  /** Publishes (or with undefined withdraws) the evidence on /impact. */
  replaceImpactSnapshot(snapshot: ImpactSnapshot | undefined): Promise<void>;
}

/**
 * Where Insights' figures come from (insights/): the sums over the members a filter selects, and
 * a short-lived cache of them. Apart from the transactions of DomainWrites: a cache is no data of
 * record, and reading the sums takes a while.
 */
export interface InsightSource {
  /** The sums over active members matching `filter`, with the days of the experiment as of `now`. */
  totals(filter: InsightFilter, now: Date): Promise<InsightTotals>;
  cached(key: string): Promise<CachedInsightTotals | undefined>;
  cache(key: string, entry: CachedInsightTotals): Promise<void>;
  clearCache(): Promise<void>;
}

/**
 * The admin's actions of the last year (docs/product/rules.md#security-events). Apart from the
 * transactions of DomainWrites: an action is recorded once its change has committed.
 */
export interface AdminActivityLog {
  add(record: StoredAdminAction): Promise<void>;
  /** Newest `at` first (ties: the last added first), `limit` of them from `offset`, and how many there are. */
  page(offset: number, limit: number): Promise<{ records: StoredAdminAction[]; total: number }>;
  /** Every record in the order of `page`, in batches of at most `batchSize` (the CSV export). */
  batches(batchSize: number): AsyncIterable<StoredAdminAction[]>;
  /** Removes the records from before `before`; answers how many. */
  deleteBefore(before: Date): Promise<number>;
}
