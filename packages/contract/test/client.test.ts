import { describe, expect, it, vi } from 'vitest';
import { ContractError, HttpError, createApiClient, queryKeyFor, throwIfResNotOk } from '../src/client.js';
import { queryClientDefaults } from '../src/queryDefaults.js';
import { api } from '../src/routes.js';

type FetchArgs = Parameters<typeof fetch>;

/** A client whose fetch answers `response` and records what it was asked. */
function clientAnswering(response: Response) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => response);
  return { client: createApiClient({ baseUrl: 'https://example.test', fetch: fetchMock }), fetchMock };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });

describe('the error rule (docs/product/api.md#conventions)', () => {
  it("throws 'status: body text' for a non-OK answer", async () => {
    const body = '{"error":{"code":"not_found","message":"Member not found"}}';
    await expect(throwIfResNotOk(new Response(body, { status: 404, statusText: 'Not Found' }))).rejects.toThrow(
      `404: ${body}`,
    );
  });

  it("throws 'status: status text' when the body is empty", async () => {
    await expect(
      throwIfResNotOk(new Response(null, { status: 500, statusText: 'Internal Server Error' })),
    ).rejects.toThrow('500: Internal Server Error');
  });

  it('keeps the code, field messages and server message of an error body', async () => {
    const error = await throwIfResNotOk(
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Invalid request',
            fields: { email: ['Invalid email address'] },
          },
        },
        { status: 400 },
      ),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      serverMessage: 'Invalid request',
      fields: { email: ['Invalid email address'] },
    });
  });

  it('does nothing for an OK answer', async () => {
    await expect(throwIfResNotOk(new Response('{}'))).resolves.toBeUndefined();
  });
});

describe('createApiClient', () => {
  it('sends JSON with credentials included to the route path', async () => {
    const { client, fetchMock } = clientAnswering(json({ joined: true }));
    await client.call(api.joinMovement, { body: { name: 'Ada', email: 'ada@example.org', zipCode: '10001' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://example.test/api/movement/join');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"Ada","email":"ada@example.org","zipCode":"10001"}');
  });

  it('fills path parameters', async () => {
    const { client, fetchMock } = clientAnswering(new Response('', { status: 404 }));
    await client.call(api.reflectionPrompt, { params: { day: 12 } }).catch(() => undefined);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://example.test/api/reflection-prompts/12');
  });

  it('answers the parsed body, with schema defaults applied', async () => {
    const member = {
      id: '5f0c2b8e-6b1d-4c3a-9e8f-0a1b2c3d4e5f',
      name: 'Jordan Rivera',
      email: 'jordan@example.com',
      currentDay: 10,
      emailReminders: true,
      reminderTime: '09:00',
      timezone: 'America/New_York',
    };
    const { client } = clientAnswering(json(member));
    await expect(client.call(api.me, {})).resolves.toEqual({
      ...member,
      peacemakerLevel: 'Prospect',
      levelProgressPoints: 0,
      completed: false,
      levelUp: null,
      afterExperiment: null,
    });
  });

  it("yields null for a 401 when the call says on401: 'returnNull'", async () => {
    const { client } = clientAnswering(
      json({ error: { code: 'unauthenticated', message: 'Sign in' } }, { status: 401 }),
    );
    await expect(client.call(api.adminSession, { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('throws for a 401 otherwise', async () => {
    const { client } = clientAnswering(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(client.call(api.adminSession, {})).rejects.toThrow('401: Unauthorized');
  });

  it('throws a ContractError when the answer breaks the response schema', async () => {
    const { client } = clientAnswering(json({ goal: 'fifty thousand' }));
    const error = await client.call(api.movementStats, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).message).toContain('/api/movement/stats');
  });
});

describe('React Query settings (docs/product/api.md#conventions)', () => {
  it('never refetches by itself, never goes stale and does not retry', () => {
    expect(queryClientDefaults).toEqual({
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    });
  });

  it('keys a read by its path', () => {
    expect(queryKeyFor(api.mapStates)).toEqual(['/api/map/states']);
    expect(queryKeyFor(api.reflections)).toEqual(['/api/me/reflections']);
    expect(queryKeyFor(api.reflectionPrompt, { day: 12 })).toEqual(['/api/reflection-prompts/12']);
  });

  it('lets the admin reads retry once', () => {
    expect(api.adminStats.retry).toBe(1);
    expect(api.adminMembers.retry).toBe(1);
  });
});
