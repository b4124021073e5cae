/**
 * The contract suite's cases for shared stories (docs/product/rules.md#stories,
 * docs/product/api.md#member-data and #admin): a member shares one story at a time, the admin
 * approves or rejects it, an approved one gives +15 once and leads the home page's reviews, its text
 * exactly as typed. Run by suite.ts against every target, with its rules: a fresh target per case,
 * no seeded stories assumed (a target may hold some, so every check looks for the case's own by id),
 * cookies always sent explicitly.
 */
import { expect } from 'vitest';
import { POINTS, api, type AdminStory, type MemberStory, type StoryRequest } from '@prr/contract';
import {
  VALIDATION_MESSAGES,
  invalid,
  notFound,
  row,
  signInNeeded,
  type Case,
  type Flow,
  type World,
} from './world.js';

export const STORY_MESSAGES = {
  pending: 'Your story is already waiting for review',
  approved: 'Your story is already shared',
  notFound: 'No story with this id',
  reviewed: 'This story has already been reviewed',
  content: 'Write your story',
  rating: 'Choose a rating from 1 to 5',
} as const;

const ADMIN_SIGN_IN_NEEDED = { status: 401, code: 'unauthenticated' as const, message: 'Please sign in as the admin' };

/** Text a browser would run if anything rendered it as HTML: it must come back byte for byte. */
const HTML_TEXT = '<img src=x onerror=alert(1)> & "quoted" <script>alert(2)</script> café 🙂';

export function storyRequest(overrides: Partial<StoryRequest> = {}): StoryRequest {
  return {
    content: 'I paused before answering my brother, and for once we finished the conversation.',
    location: 'Austin, TX',
    rating: 5,
    ...overrides,
  };
}

/** A member who joined in this case and shared a story. */
async function sharedBy(
  w: World,
  name = 'Maria Garcia',
  overrides: Partial<StoryRequest> = {},
): Promise<{ cookie: string; memberId: string; points: number; story: MemberStory }> {
  const member = await w.join({ name });
  const story = await w.ok(api.shareStory, { cookie: member.cookie, json: storyRequest(overrides) });
  return { cookie: member.cookie, memberId: member.id, points: member.levelProgressPoints, story };
}

function review(w: World, admin: string, id: string, decision: 'approve' | 'reject'): Promise<AdminStory> {
  return w.ok(api.reviewStory, { cookie: admin, params: { id }, json: { decision } });
}

async function pointsOf(w: World, cookie: string): Promise<number> {
  return (await w.ok(api.me, { cookie })).levelProgressPoints;
}

async function adminList(w: World, admin: string, status: 'pending' | 'approved' | 'rejected') {
  return w.ok(api.adminStories, { cookie: admin, query: { status } });
}

/** A well-formed id no story has. */
const unknownId = () => crypto.randomUUID();

// ---- the table ------------------------------------------------------------------------------------

export const storyCases: Case[] = [
  row(api.myStories, 'answers no stories for a new member', (w) => w.asMember(), {
    status: 200,
    then: (list) => expect(list).toStrictEqual([]),
  }),
  row(api.myStories, 'refuses a request without a session cookie', () => ({}), signInNeeded),

  row(
    api.shareStory,
    "shares a pending story, trimmed, its text exactly as typed, listed among the member's own",
    (w) => w.asMember({ json: storyRequest({ content: `  ${HTML_TEXT}\n`, location: ' Austin, TX ' }) }),
    {
      status: 201,
      then: async (story, w) => {
        expect(story).toStrictEqual({
          id: expect.any(String) as unknown as string,
          content: HTML_TEXT,
          location: 'Austin, TX',
          rating: 5,
          status: 'pending',
          submittedAt: expect.any(String) as unknown as string,
          reviewedAt: null,
        });
        const cookie = w.lastMember!.cookie;
        expect(await w.ok(api.myStories, { cookie })).toStrictEqual([story]);
        // Nothing is awarded before the admin approves.
        expect(await pointsOf(w, cookie)).toBe(POINTS.joinChallenge);
      },
    },
  ),
  row(
    api.shareStory,
    'refuses a second story while the first waits for review',
    async (w) => ({ cookie: (await sharedBy(w)).cookie, json: storyRequest() }),
    { status: 409, code: 'conflict', message: STORY_MESSAGES.pending },
  ),
  row(
    api.shareStory,
    'refuses a story once one was approved',
    async (w) => {
      const { cookie, story } = await sharedBy(w);
      await review(w, await w.login(), story.id, 'approve');
      return { cookie, json: storyRequest() };
    },
    { status: 409, code: 'conflict', message: STORY_MESSAGES.approved },
  ),
  row(
    api.shareStory,
    'refuses an empty story and a rating outside 1 to 5',
    (w) => w.asMember({ json: storyRequest({ content: '   ', rating: 6 }) }),
    {
      ...invalid({ content: STORY_MESSAGES.content, rating: STORY_MESSAGES.rating }),
      message: VALIDATION_MESSAGES.body,
    },
  ),
  row(api.shareStory, 'refuses a request without a session cookie', () => ({ json: storyRequest() }), signInNeeded),

  row(
    api.adminStories,
    'lists the pending stories by default, with who sent them and how the home page names them',
    async (w) => {
      await sharedBy(w);
      return { cookie: await w.login() };
    },
    {
      status: 200,
      then: (list, w) => {
        const mine = list.find((s) => s.memberId === w.lastMember!.id);
        expect(mine).toMatchObject({
          status: 'pending',
          memberName: 'Maria Garcia',
          memberEmail: w.lastMember!.email,
          author: 'Maria G.',
          reviewedAt: null,
        });
        expect(list.every((s) => s.status === 'pending')).toBe(true);
      },
    },
  ),
  row(
    api.adminStories,
    'refuses an unknown status',
    async (w) => ({ cookie: await w.login(), query: { status: 'archived' } }),
    { ...invalid({ status: true }), message: VALIDATION_MESSAGES.query },
  ),
  row(api.adminStories, 'refuses a request without a session', () => ({}), ADMIN_SIGN_IN_NEEDED),

  row(
    api.reviewStory,
    'approves a pending story',
    async (w) => {
      const { story } = await sharedBy(w);
      return { cookie: await w.login(), params: { id: story.id }, json: { decision: 'approve' } };
    },
    {
      status: 200,
      then: (story, w) =>
        expect(story).toMatchObject({ status: 'approved', memberId: w.lastMember!.id, author: 'Maria G.' }),
    },
  ),
  row(
    api.reviewStory,
    'answers 404 for an unknown story',
    async (w) => ({ cookie: await w.login(), params: { id: unknownId() }, json: { decision: 'approve' } }),
    { ...notFound, message: STORY_MESSAGES.notFound },
  ),
  row(
    api.reviewStory,
    'answers 409 for a story already reviewed',
    async (w) => {
      const { story } = await sharedBy(w);
      const admin = await w.login();
      await review(w, admin, story.id, 'reject');
      return { cookie: admin, params: { id: story.id }, json: { decision: 'approve' } };
    },
    { status: 409, code: 'conflict', message: STORY_MESSAGES.reviewed },
  ),
  row(
    api.reviewStory,
    'refuses an unknown decision',
    async (w) => ({ cookie: await w.login(), params: { id: unknownId() }, json: { decision: 'maybe' } }),
    { ...invalid({ decision: true }), message: VALIDATION_MESSAGES.body },
  ),
  row(
    api.reviewStory,
    'refuses a request without a session',
    () => ({ params: { id: unknownId() }, json: { decision: 'approve' } }),
    ADMIN_SIGN_IN_NEEDED,
  ),
];

// ---- flows ----------------------------------------------------------------------------------------

export const storyFlows: Flow[] = [
  {
    title: "approving gives +15 once; the story leads the home page's reviews as 'First L.', its text byte for byte",
    async run(w) {
      const { cookie, story, points } = await sharedBy(w, 'Maria Garcia', { content: HTML_TEXT, rating: 4 });
      const admin = await w.login();
      const approved = await review(w, admin, story.id, 'approve');
      expect(approved).toStrictEqual({
        ...story,
        status: 'approved',
        reviewedAt: expect.any(String) as unknown as string,
        memberId: w.lastMember!.id,
        memberName: 'Maria Garcia',
        memberEmail: w.lastMember!.email,
        author: 'Maria G.',
      });
      expect(await pointsOf(w, cookie)).toBe(points + POINTS.shareStory);
      expect(await w.ok(api.myStories, { cookie })).toStrictEqual([
        { ...story, status: 'approved', reviewedAt: approved.reviewedAt },
      ]);
      expect((await adminList(w, admin, 'pending')).map((s) => s.id)).not.toContain(story.id);
      expect((await adminList(w, admin, 'approved')).find((s) => s.id === story.id)).toStrictEqual(approved);

      const testimonials = await w.ok(api.testimonials);
      expect(testimonials[0]).toStrictEqual({
        id: story.id,
        name: 'Maria G.',
        location: 'Austin, TX',
        content: HTML_TEXT,
        rating: 4,
      });
      // The raw JSON carries the characters themselves: nothing was escaped into entities.
      const raw = await fetch(`${w.target.baseUrl}${api.testimonials.path}`).then((res) => res.text());
      expect(raw).toContain(JSON.stringify(HTML_TEXT));

      // Reviewing again changes nothing, and gives nothing.
      const again = await w.call(api.reviewStory, {
        cookie: admin,
        params: { id: story.id },
        json: { decision: 'approve' },
      });
      expect(again.status).toBe(409);
      expect(await pointsOf(w, cookie)).toBe(points + POINTS.shareStory);
    },
  },
  {
    title:
      'a rejected story gives nothing and stays off the reviews; a new story may follow, and its approval gives +15',
    async run(w) {
      const { cookie, story, points } = await sharedBy(w, 'Ravi Shah');
      const admin = await w.login();
      expect(await review(w, admin, story.id, 'reject')).toMatchObject({ status: 'rejected' });
      expect(await pointsOf(w, cookie)).toBe(points);
      expect((await w.ok(api.testimonials)).map((t) => t.id)).not.toContain(story.id);
      expect((await adminList(w, admin, 'rejected')).map((s) => s.id)).toContain(story.id);

      const second = await w.ok(api.shareStory, { cookie, json: storyRequest({ content: 'Second try.' }) });
      expect((await w.ok(api.myStories, { cookie })).map((s) => [s.id, s.status])).toStrictEqual([
        [second.id, 'pending'],
        [story.id, 'rejected'],
      ]);
      await review(w, admin, second.id, 'approve');
      expect(await pointsOf(w, cookie)).toBe(points + POINTS.shareStory);
      // Once one is approved the member shares no more, so the +15 cannot come twice.
      const third = await w.call(api.shareStory, { cookie, json: storyRequest() });
      expect(third.status).toBe(409);
      expect(await pointsOf(w, cookie)).toBe(points + POINTS.shareStory);
    },
  },
  {
    title: "a deleted member's story leaves the reviews and the admin's lists",
    async run(w) {
      const { story, memberId } = await sharedBy(w, 'Lena Ortiz');
      const admin = await w.login();
      await review(w, admin, story.id, 'approve');
      expect((await w.ok(api.testimonials)).map((t) => t.id)).toContain(story.id);
      await w.ok(api.deleteParticipant, { cookie: admin, params: { id: memberId } });
      expect((await w.ok(api.testimonials)).map((t) => t.id)).not.toContain(story.id);
      expect((await adminList(w, admin, 'approved')).map((s) => s.id)).not.toContain(story.id);
      const res = await w.call(api.reviewStory, {
        cookie: admin,
        params: { id: story.id },
        json: { decision: 'reject' },
      });
      expect(res.status).toBe(404);
    },
  },
  {
    title: "each member sees their own stories only, and a member's session opens neither admin route",
    async run(w) {
      const ann = await sharedBy(w, 'Ann Lee');
      const ben = await w.join({ name: 'Ben Cho' });
      expect(await w.ok(api.myStories, { cookie: ben.cookie })).toStrictEqual([]);
      expect(await w.ok(api.myStories, { cookie: ann.cookie })).toStrictEqual([ann.story]);
      const list = await w.call(api.adminStories, { cookie: ann.cookie });
      expect(list.status).toBe(401);
      const approve = await w.call(api.reviewStory, {
        cookie: ann.cookie,
        params: { id: ann.story.id },
        json: { decision: 'approve' },
      });
      expect(approve.status).toBe(401);
      expect(await pointsOf(w, ann.cookie)).toBe(ann.points);
    },
  },
];
