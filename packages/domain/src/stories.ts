/**
 * Shared stories (docs/product/rules.md#stories): a member sends a short testimonial, the admin
 * approves or rejects it, and an approved one joins the home page's reviews and gives +15 once.
 * The text is plain text everywhere: stored as typed (trimmed), never turned into or read as HTML.
 */
import {
  POINTS,
  type AdminStory,
  type MemberStory,
  type StoryRequest,
  type StoryReviewRequest,
  type StoryStatus,
  type Testimonial,
} from '@prr/contract';
import { AppError, notFound } from './errors.js';
import { requireMember } from './members.js';
import { withPoints } from './points.js';
import type { DomainReads, DomainWrites } from './ports.js';
import type { StoredMember, StoredStory } from './records.js';

/** The most stories one admin list answers: the queue is worked from its oldest end. */
export const ADMIN_STORIES_LIMIT = 200;
/** The most approved stories the home page's reviews carry: the latest approved. */
export const TESTIMONIAL_STORIES_LIMIT = 20;

export const STORY_MESSAGES = {
  pending: 'Your story is already waiting for review',
  approved: 'Your story is already shared',
  notFound: 'No story with this id',
  reviewed: 'This story has already been reviewed',
} as const;

/**
 * How the home page names a member: the first name and the initial of the last ('Maria Garcia'
 * → 'Maria G.'); a one-word name as it is. Written once: the reviews and the admin's preview agree.
 */
export function storyAuthor(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  if (words.length < 2) return first;
  // Array.from: an initial outside the BMP (two UTF-16 units) stays whole.
  const initial = Array.from(words[words.length - 1]!)[0]!.toLocaleUpperCase();
  return `${first} ${initial}.`;
}

export function memberStoryView(s: StoredStory): MemberStory {
  return {
    id: s.id,
    content: s.content,
    location: s.location,
    rating: s.rating,
    status: s.status,
    submittedAt: s.submittedAt,
    reviewedAt: s.reviewedAt ?? null,
  };
}

export function adminStoryView(s: StoredStory, member: Pick<StoredMember, 'id' | 'name' | 'email'>): AdminStory {
  return {
    ...memberStoryView(s),
    memberId: member.id,
    memberName: member.name,
    memberEmail: member.email,
    author: storyAuthor(member.name),
  };
}

/** The member's stories, newest first. */
export async function listMyStories(store: DomainReads, memberId: string): Promise<MemberStory[]> {
  await requireMember(store, memberId);
  return (await store.storiesOf(memberId)).map(memberStoryView);
}

/**
 * A new story, pending review. One at a time: 409 while one of the member's stories waits for
 * review or has been approved (the +15 comes once); after a rejection a new one may be sent.
 */
export async function shareStory(
  tx: DomainWrites,
  memberId: string,
  input: StoryRequest,
  now: Date,
): Promise<MemberStory> {
  // The member's row first: the store locks it, so two shares at once are checked one after the other.
  await requireMember(tx, memberId);
  const stories = await tx.storiesOf(memberId);
  if (stories.some((s) => s.status === 'approved')) throw new AppError('conflict', STORY_MESSAGES.approved);
  if (stories.some((s) => s.status === 'pending')) throw new AppError('conflict', STORY_MESSAGES.pending);
  // The session's member last, and the text as typed (the contract trims it): nothing is escaped
  // or stripped here, because nothing anywhere renders it as HTML.
  const story: StoredStory = {
    id: crypto.randomUUID(),
    memberId,
    content: input.content.trim(),
    location: input.location.trim(),
    rating: input.rating,
    status: 'pending',
    submittedAt: now.toISOString(),
  };
  await tx.insertStory(story);
  return memberStoryView(story);
}

/** Each story's member, read once per member; stories whose member is gone are left out. */
async function withMembers(
  store: DomainReads,
  stories: readonly StoredStory[],
): Promise<{ story: StoredStory; member: StoredMember }[]> {
  const members = new Map<string, StoredMember | undefined>();
  const result: { story: StoredStory; member: StoredMember }[] = [];
  for (const story of stories) {
    if (!members.has(story.memberId)) members.set(story.memberId, await store.memberById(story.memberId));
    const member = members.get(story.memberId);
    if (member) result.push({ story, member });
  }
  return result;
}

/**
 * The admin's list of one status, at most ADMIN_STORIES_LIMIT: pending ones oldest first (the
 * queue), reviewed ones newest review first.
 */
export async function adminStories(store: DomainReads, status: StoryStatus): Promise<AdminStory[]> {
  const stories = await store.storiesWithStatus(status, ADMIN_STORIES_LIMIT);
  return (await withMembers(store, stories)).map(({ story, member }) => adminStoryView(story, member));
}

/**
 * Approves or rejects a pending story: 404 for an unknown id, 409 once it was reviewed. Approving
 * gives the member +15 (the level follows) when it is the member's first approved story; a member
 * whose story was approved before gets nothing more. Rejecting gives nothing.
 */
export async function reviewStory(
  tx: DomainWrites,
  id: string,
  decision: StoryReviewRequest['decision'],
  now: Date,
): Promise<AdminStory> {
  const found = await tx.storyById(id);
  if (!found) throw notFound(STORY_MESSAGES.notFound);
  // Lock the member, then read their stories again: two reviews at once see each other's outcome,
  // so neither the review nor the +15 can happen twice.
  const member = await tx.memberById(found.memberId);
  const stories = await tx.storiesOf(found.memberId);
  const story = stories.find((s) => s.id === id);
  if (!member || !story) throw notFound(STORY_MESSAGES.notFound);
  if (story.status !== 'pending') throw new AppError('conflict', STORY_MESSAGES.reviewed);

  const patch = { status: decision === 'approve' ? 'approved' : 'rejected', reviewedAt: now.toISOString() } as const;
  await tx.updateStory(id, patch);
  const firstApproval = decision === 'approve' && !stories.some((s) => s.status === 'approved');
  if (firstApproval) await tx.updateMember(member.id, withPoints(member, POINTS.shareStory));
  return adminStoryView({ ...story, ...patch }, member);
}

/** An approved story as the reviews carousel shows it: the author's short name, no photo. */
export function storyTestimonial(story: StoredStory, member: Pick<StoredMember, 'name'>): Testimonial {
  return {
    id: story.id,
    name: storyAuthor(member.name),
    location: story.location,
    content: story.content,
    rating: story.rating,
  };
}

/**
 * The home page's reviews: the latest approved stories (at most TESTIMONIAL_STORIES_LIMIT, newest
 * approval first), then the site's own testimonials. Members' stories lead so a new one is seen
 * in the first window of the carousel. A deleted member's stories are gone with them.
 */
export async function publicTestimonials(store: DomainReads, seeded: readonly Testimonial[]): Promise<Testimonial[]> {
  const approved = await store.storiesWithStatus('approved', TESTIMONIAL_STORIES_LIMIT);
  const fromStories = (await withMembers(store, approved)).map(({ story, member }) => storyTestimonial(story, member));
  return [...fromStories, ...seeded];
}
