import { describe, expect, it } from 'vitest';
import { AdminStory, MemberStory, POINTS, Testimonial, levelForPoints, type StoryRequest } from '@prr/contract';
import { joinMovement } from '../src/members.js';
import type { StoredStory } from '../src/records.js';
import {
  ADMIN_STORIES_LIMIT,
  STORY_MESSAGES,
  TESTIMONIAL_STORIES_LIMIT,
  adminStories,
  listMyStories,
  publicTestimonials,
  reviewStory,
  shareStory,
  storyAuthor,
} from '../src/stories.js';
import { UNKNOWN_ID, UUID_V4, testClock, testStore } from './support.js';

const story = (overrides: Partial<StoryRequest> = {}): StoryRequest => ({
  content: 'I paused before answering my sister, and we talked instead of fighting.',
  location: 'Austin, TX',
  rating: 5,
  ...overrides,
});

const SEEDED: Testimonial[] = [
  { id: 't1', name: 'Sarah M.', location: 'Portland, OR', content: 'Seeded.', rating: 5, avatarUrl: '/a.jpg' },
];

async function setUp() {
  const { store, data } = testStore();
  const clock = testClock('2026-03-02T15:00:00Z');
  const join = async (name: string, email: string) =>
    (await joinMovement(store, { name, email, zipCode: '10001' }, clock.now())).member;
  const maria = await join('Maria Garcia', 'maria@example.org');
  const ben = await join('Ben', 'ben@example.org');
  return { store, data, clock, maria, ben };
}

const points = async (store: ReturnType<typeof testStore>['store'], id: string) => (await store.memberById(id))!.points;

describe('storyAuthor', () => {
  it.each([
    ['Maria Garcia', 'Maria G.'],
    ['  maria   de la garcia ', 'maria G.'],
    ['Cher', 'Cher'],
    ['Ana Łukasz', 'Ana Ł.'],
    ['Zoë 𝒜rcher', 'Zoë 𝒜.'],
    ['', ''],
  ])('names %j as %j', (name, author) => expect(storyAuthor(name)).toBe(author));
});

describe('shareStory', () => {
  it('stores a pending story of the given member, trimmed, its text as typed', async () => {
    const { store, data, clock, maria } = await setUp();
    const html = '  <img src=x onerror=alert(1)> & "quotes" \n';
    const shared = await shareStory(store, maria.id, story({ content: html, location: ' Austin, TX ' }), clock.now());
    expect(MemberStory.parse(shared)).toStrictEqual(shared);
    expect(shared).toStrictEqual({
      id: expect.stringMatching(UUID_V4) as unknown as string,
      content: '<img src=x onerror=alert(1)> & "quotes"',
      location: 'Austin, TX',
      rating: 5,
      status: 'pending',
      submittedAt: clock.now().toISOString(),
      reviewedAt: null,
    });
    expect(data.stories).toStrictEqual([
      {
        id: shared.id,
        memberId: maria.id,
        content: shared.content,
        location: 'Austin, TX',
        rating: 5,
        status: 'pending',
        submittedAt: shared.submittedAt,
      },
    ]);
    expect(await listMyStories(store, maria.id)).toStrictEqual([shared]);
    expect(await points(store, maria.id)).toBe(POINTS.joinChallenge);
  });

  it('refuses a second story while one waits for review, and while one is approved', async () => {
    const { store, clock, maria } = await setUp();
    const first = await shareStory(store, maria.id, story(), clock.now());
    await expect(shareStory(store, maria.id, story(), clock.now())).rejects.toThrow(
      expect.objectContaining({ code: 'conflict', message: STORY_MESSAGES.pending }),
    );
    await reviewStory(store, first.id, 'approve', clock.now());
    await expect(shareStory(store, maria.id, story(), clock.now())).rejects.toThrow(
      expect.objectContaining({ code: 'conflict', message: STORY_MESSAGES.approved }),
    );
    expect(await listMyStories(store, maria.id)).toHaveLength(1);
  });

  it('takes a new story after a rejection; the member lists theirs newest first', async () => {
    const { store, clock, maria, ben } = await setUp();
    const first = await shareStory(store, maria.id, story(), clock.now());
    clock.advance(60_000);
    await reviewStory(store, first.id, 'reject', clock.now());
    clock.advance(60_000);
    const second = await shareStory(store, maria.id, story({ rating: 4 }), clock.now());
    expect((await listMyStories(store, maria.id)).map((s) => [s.id, s.status])).toStrictEqual([
      [second.id, 'pending'],
      [first.id, 'rejected'],
    ]);
    expect(await listMyStories(store, ben.id)).toStrictEqual([]);
  });

  it('answers not_found for an unknown member, storing nothing', async () => {
    const { store, data, clock } = await setUp();
    await expect(shareStory(store, UNKNOWN_ID, story(), clock.now())).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    await expect(listMyStories(store, UNKNOWN_ID)).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(data.stories).toStrictEqual([]);
  });
});

describe('reviewStory', () => {
  it('approves: reviewedAt set, +15 to the member and the level that follows, the admin view answered', async () => {
    const { store, clock, maria } = await setUp();
    const shared = await shareStory(store, maria.id, story(), clock.now());
    clock.advance(3_600_000);
    const reviewed = await reviewStory(store, shared.id, 'approve', clock.now());
    expect(AdminStory.parse(reviewed)).toStrictEqual(reviewed);
    expect(reviewed).toStrictEqual({
      ...shared,
      status: 'approved',
      reviewedAt: clock.now().toISOString(),
      memberId: maria.id,
      memberName: 'Maria Garcia',
      memberEmail: 'maria@example.org',
      author: 'Maria G.',
    });
    const member = (await store.memberById(maria.id))!;
    expect(member.points).toBe(POINTS.joinChallenge + POINTS.shareStory);
    expect(member.level).toBe(levelForPoints(POINTS.joinChallenge + POINTS.shareStory));
  });

  it('rejects with no points', async () => {
    const { store, clock, maria } = await setUp();
    const shared = await shareStory(store, maria.id, story(), clock.now());
    const reviewed = await reviewStory(store, shared.id, 'reject', clock.now());
    expect(reviewed).toMatchObject({ status: 'rejected', reviewedAt: clock.now().toISOString() });
    expect(await points(store, maria.id)).toBe(POINTS.joinChallenge);
  });

  it('answers 404 for an unknown story and 409 once a story was reviewed, changing nothing', async () => {
    const { store, data, clock, maria } = await setUp();
    await expect(reviewStory(store, UNKNOWN_ID, 'approve', clock.now())).rejects.toThrow(
      expect.objectContaining({ code: 'not_found', message: STORY_MESSAGES.notFound }),
    );
    const shared = await shareStory(store, maria.id, story(), clock.now());
    await reviewStory(store, shared.id, 'approve', clock.now());
    const before = structuredClone(data);
    clock.advance(60_000);
    for (const decision of ['approve', 'reject'] as const) {
      await expect(reviewStory(store, shared.id, decision, clock.now())).rejects.toThrow(
        expect.objectContaining({ code: 'conflict', message: STORY_MESSAGES.reviewed }),
      );
    }
    expect(data).toStrictEqual(before);
  });

  it('gives +15 after a rejection when the approved story is the first approved', async () => {
    const { store, clock, maria } = await setUp();
    const first = await shareStory(store, maria.id, story(), clock.now());
    await reviewStory(store, first.id, 'reject', clock.now());
    const second = await shareStory(store, maria.id, story(), clock.now());
    await reviewStory(store, second.id, 'approve', clock.now());
    expect(await points(store, maria.id)).toBe(POINTS.joinChallenge + POINTS.shareStory);
  });

  it('gives no second +15 to a member who already has an approved story', async () => {
    // Sharing refuses a story after an approved one; a store may still hold two (e.g. imported data).
    const { store, data, clock, maria } = await setUp();
    const stored = (id: string, status: StoredStory['status']): StoredStory => ({
      id,
      memberId: maria.id,
      content: 'Text',
      location: 'Here',
      rating: 5,
      status,
      submittedAt: clock.now().toISOString(),
      ...(status === 'pending' ? {} : { reviewedAt: clock.now().toISOString() }),
    });
    data.stories.push(stored('s-approved', 'approved'), stored('s-pending', 'pending'));
    const reviewed = await reviewStory(store, 's-pending', 'approve', clock.now());
    expect(reviewed.status).toBe('approved');
    expect(await points(store, maria.id)).toBe(POINTS.joinChallenge);
  });
});

describe('adminStories', () => {
  it('lists pending oldest first, reviewed newest review first, with who sent them', async () => {
    const { store, clock, maria, ben } = await setUp();
    const fromMaria = await shareStory(store, maria.id, story(), clock.now());
    clock.advance(60_000);
    const fromBen = await shareStory(store, ben.id, story(), clock.now());
    const pending = await adminStories(store, 'pending');
    expect(pending.map((s) => [s.id, s.author, s.memberEmail])).toStrictEqual([
      [fromMaria.id, 'Maria G.', 'maria@example.org'],
      [fromBen.id, 'Ben', 'ben@example.org'],
    ]);
    pending.forEach((s) => AdminStory.parse(s));

    clock.advance(60_000);
    await reviewStory(store, fromMaria.id, 'approve', clock.now());
    clock.advance(60_000);
    await reviewStory(store, fromBen.id, 'approve', clock.now());
    expect(await adminStories(store, 'pending')).toStrictEqual([]);
    expect((await adminStories(store, 'approved')).map((s) => s.id)).toStrictEqual([fromBen.id, fromMaria.id]);
    expect(await adminStories(store, 'rejected')).toStrictEqual([]);
  });

  it(`answers at most ${ADMIN_STORIES_LIMIT}`, async () => {
    const { store, data, clock, maria } = await setUp();
    for (let i = 0; i < ADMIN_STORIES_LIMIT + 5; i += 1) {
      data.stories.push({
        id: `s${i}`,
        memberId: maria.id,
        content: 'Text',
        location: 'Here',
        rating: 3,
        status: 'rejected',
        submittedAt: clock.now().toISOString(),
        reviewedAt: clock.now().toISOString(),
      });
    }
    expect(await adminStories(store, 'rejected')).toHaveLength(ADMIN_STORIES_LIMIT);
  });
});

describe('publicTestimonials', () => {
  it('puts the approved stories, newest approval first, before the seeded ones; pending and rejected stay out', async () => {
    const { store, clock, maria, ben } = await setUp();
    const approvedFirst = await shareStory(store, maria.id, story({ content: '<b>bold</b>' }), clock.now());
    const later = await shareStory(store, ben.id, story({ rating: 4, location: 'Reno, NV' }), clock.now());
    expect(await publicTestimonials(store, SEEDED)).toStrictEqual(SEEDED);
    clock.advance(60_000);
    await reviewStory(store, approvedFirst.id, 'approve', clock.now());
    clock.advance(60_000);
    await reviewStory(store, later.id, 'approve', clock.now());
    const testimonials = await publicTestimonials(store, SEEDED);
    expect(testimonials).toStrictEqual([
      { id: later.id, name: 'Ben', location: 'Reno, NV', content: later.content, rating: 4 },
      { id: approvedFirst.id, name: 'Maria G.', location: 'Austin, TX', content: '<b>bold</b>', rating: 5 },
      ...SEEDED,
    ]);
    testimonials.forEach((t) => Testimonial.parse(t));
  });

  it(`carries the latest ${TESTIMONIAL_STORIES_LIMIT} approved stories`, async () => {
    const { store, data, clock, maria } = await setUp();
    for (let i = 0; i < TESTIMONIAL_STORIES_LIMIT + 3; i += 1) {
      clock.advance(1000);
      data.stories.push({
        id: `s${i}`,
        memberId: maria.id,
        content: `Story ${i}`,
        location: 'Here',
        rating: 5,
        status: 'approved',
        submittedAt: clock.now().toISOString(),
        reviewedAt: clock.now().toISOString(),
      });
    }
    const testimonials = await publicTestimonials(store, []);
    expect(testimonials).toHaveLength(TESTIMONIAL_STORIES_LIMIT);
    expect(testimonials[0]!.id).toBe(`s${TESTIMONIAL_STORIES_LIMIT + 2}`);
  });

  it("drops a deleted member's stories", async () => {
    const { store, clock, maria } = await setUp();
    const shared = await shareStory(store, maria.id, story(), clock.now());
    await reviewStory(store, shared.id, 'approve', clock.now());
    expect(await store.deleteMember(maria.id)).toBe(true);
    expect(await publicTestimonials(store, SEEDED)).toStrictEqual(SEEDED);
    expect(await adminStories(store, 'approved')).toStrictEqual([]);
  });
});
