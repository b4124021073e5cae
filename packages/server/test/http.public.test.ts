/** Public routes over real HTTP: content, joining, stats, map and prompts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FeaturedProduct,
  JoinResponse,
  MovementStats,
  ReflectionPrompt,
  StateParticipationList,
  Testimonial,
  api,
  pathFor,
} from '@prr/contract';
import { z } from 'zod';
import { JOIN, call, memberCookieFrom, persistedMembers, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('content', () => {
  it('GET featured products and testimonials from db.json, in the contract shape', async () => {
    const products = await call(s.baseUrl, 'GET', api.featuredProducts.path);
    expect(products.status).toBe(200);
    expect(z.array(FeaturedProduct).parse(products.body)).toHaveLength(6);
    const testimonials = await call(s.baseUrl, 'GET', api.testimonials.path);
    expect(testimonials.status).toBe(200);
    expect(z.array(Testimonial).parse(testimonials.body).length).toBeGreaterThan(0);
  });
});

describe('POST /api/movement/join', () => {
  it('joins (200 {joined:true}), the member is on disk before the answer, and the same again is the same answer', async () => {
    const first = await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
    expect(first.status).toBe(200);
    expect(JoinResponse.parse(first.body)).toEqual({ joined: true });
    // The joining browser is signed in (test/http.signIn.test.ts proves the cookie's rules).
    expect(memberCookieFrom(first)).toBeDefined();
    const onDisk = await persistedMembers(s);
    expect(onDisk.filter((m) => m.email === JOIN.email)).toHaveLength(1);

    const again = await call(s.baseUrl, 'POST', api.joinMovement.path, {
      body: { ...JOIN, email: `  ${JOIN.email.toUpperCase()}`.trim(), name: 'Other Name' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.getSetCookie()).toEqual([]);
    const members = await s.store.membersNewestFirst();
    expect(members.filter((m) => m.email.toLowerCase() === JOIN.email)).toHaveLength(1);
    expect(members.find((m) => m.email === JOIN.email)?.state).toBe('Alabama');
  });

  it('answers 400 validation_failed with a message per field', async () => {
    const res = await call<{ error: { code: string; fields: Record<string, string[]> } }>(
      s.baseUrl,
      'POST',
      api.joinMovement.path,
      {
        body: { name: '', email: 'not-an-email' },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['email', 'name', 'zipCode']);
    expect(res.body.error.fields.email).toEqual(['Invalid email address']);
  });

  it('answers 400 when there is no body at all', async () => {
    const res = await call<{ error: { code: string } }>(s.baseUrl, 'POST', api.joinMovement.path);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

describe('movement stats and map', () => {
  it('stats are {goal: 50000, total: sum of the map}', async () => {
    const states = await call(s.baseUrl, 'GET', api.mapStates.path);
    const list = StateParticipationList.parse(states.body);
    expect(list).toHaveLength(50);
    const stats = await call(s.baseUrl, 'GET', api.movementStats.path);
    expect(MovementStats.parse(stats.body)).toEqual({
      goal: 50_000,
      total: list.reduce((n, r) => n + r.peacemakers, 0),
    });
  });
});

describe('GET /api/reflection-prompts/:day', () => {
  it('answers the prompt for 1..90', async () => {
    for (const day of [1, 45, 90]) {
      const res = await call(s.baseUrl, 'GET', pathFor(api.reflectionPrompt, { day }));
      expect(res.status).toBe(200);
      expect(ReflectionPrompt.parse(res.body).day).toBe(day);
    }
  });
  it('answers 404 not_found outside 1..90 and 400 for a non-number', async () => {
    for (const day of [0, 91, -3]) {
      const res = await call<{ error: { code: string } }>(s.baseUrl, 'GET', `/api/reflection-prompts/${day}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const bad = await call<{ error: { code: string; fields: Record<string, string[]> } }>(
      s.baseUrl,
      'GET',
      '/api/reflection-prompts/abc',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.day).toBeDefined();
  });
});
