/**
 * The one generic helper every mock handler is built with. Given a route of the contract's `api`
 * table it produces the MSW handler for that method and path, and does what the real server's
 * middleware does: the admin and member session checks, params and body validation with the
 * route's schemas (400 `validation_failed` with field messages), the error shape for the domain's
 * thrown AppErrors (with their headers, e.g. Retry-After), and the route's success status. It also
 * parses every answer with the route's response schema, so a mock that drifts from the contract
 * fails at once instead of feeding stories data the server never sends.
 */
import {
  http,
  HttpResponse,
  matchRequestUrl,
  type HttpCustomPredicate,
  type HttpHandler,
  type HttpResponseResolver,
  type PathParams,
} from 'msw';
import { z } from 'zod';
import { SIGN_IN_MESSAGES, fieldErrors, type HttpMethod, type RouteDef } from '@prr/contract';
import { AppError, errorAnswer, invalidInput, isAppError } from '@prr/domain';
import { hasAdminSession, sessionMemberId } from './session.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a resolver receives: already validated params and body, plus the raw request. */
export interface MockRequest<R extends RouteDef> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  /**
   * On 'member' routes: the signed-in member's id, from the `prr_member` cookie or the ambient
   * member (session.ts). Always set there unless the handler skips auth; undefined elsewhere.
   */
  memberId: string | undefined;
  /** MSW's cookies (Cookie header merged with MSW's cookie jar). */
  cookies: Record<string, string>;
  request: Request;
}

/** A successful answer that also needs headers (Set-Cookie) or a different status. */
export class Reply<T> {
  constructor(
    readonly body: T,
    readonly init: { status?: number; headers?: Record<string, string> } = {},
  ) {}
}

export function reply<T>(body: T, init: { status?: number; headers?: Record<string, string> } = {}): Reply<T> {
  return new Reply(body, init);
}

/** Resolvers answer the response schema's *input* type, so schema defaults may be left out. */
export type ResponseBody<R extends RouteDef> = z.input<R['response']>;
type ResolverResult<R extends RouteDef> = ResponseBody<R> | Reply<ResponseBody<R>>;

export type MockResolver<R extends RouteDef> = (
  request: MockRequest<R>,
) => ResolverResult<R> | Promise<ResolverResult<R>>;

export interface HandleOptions {
  /**
   * 'skip' answers admin and member routes without a session. Scenario overrides use it so a story
   * can show an admin screen without signing in first; the default handlers always enforce the
   * route's auth. (Member routes rarely need it: the ambient member signs every browser in.)
   */
  auth?: 'enforce' | 'skip';
}

const byMethod = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete } satisfies Record<
  HttpMethod,
  unknown
>;

/**
 * Matches a contract path at the root of whatever origin the request goes to: same-origin '/api/...'
 * in the browser, 'http://localhost/api/...' in Node tests. A '*' + path pattern would be simpler
 * but also matches *inside* a longer path, and in Storybook and Vite the service worker sees module
 * requests such as '/packages/ui/src/api/reflection-prompts/index.ts', which
 * '*\/api/reflection-prompts/:day' would answer with a 400.
 */
export function matchesApiPath(path: string): HttpCustomPredicate<PathParams> {
  return ({ request }) => {
    const url = new URL(request.url);
    const { matches, params = {} } = matchRequestUrl(url, path, url.origin);
    return { matches, params };
  };
}

/** Method + path only, for helpers that do not answer themselves (e.g. `delayed`). */
export function onRoute(route: Pick<RouteDef, 'method' | 'path'>, resolver: HttpResponseResolver): HttpHandler {
  return byMethod[route.method](matchesApiPath(route.path), resolver);
}

export function jsonResponse(
  body: unknown,
  status: number,
  headers: Record<string, string> = {},
): HttpResponse<string> {
  // Built by hand rather than HttpResponse.json because the body is only known to be contract-valid
  // at run time (unknown), and the MSW json() signature wants a statically JSON-typed value.
  return new HttpResponse(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The answer to a thrown AppError, as the server's error middleware gives it. */
export function failureResponse(error: AppError): HttpResponse<string> {
  const { body, status, headers } = errorAnswer(error);
  return jsonResponse(body, status, headers);
}

export function validate<S extends z.ZodType>(schema: S, input: unknown, part: 'body' | 'path' | 'query'): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(part, fieldErrors(result.error));
  return result.data;
}

/** An absent body validates as `undefined` (so zod names the problem); broken JSON is a 400. */
async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON');
  }
}

export function handle<R extends RouteDef>(
  route: R,
  resolver: MockResolver<R>,
  options: HandleOptions = {},
): HttpHandler {
  const enforce = options.auth !== 'skip';
  return onRoute(route, async ({ request, params, cookies }) => {
    try {
      // Auth first, as on the server: an anonymous caller learns nothing about valid input.
      if (route.auth === 'admin' && enforce && !hasAdminSession(cookies)) {
        throw new AppError('unauthenticated', 'Please sign in as the admin');
      }
      const memberId = route.auth === 'member' ? sessionMemberId(cookies) : undefined;
      if (route.auth === 'member' && enforce && memberId === undefined) {
        throw new AppError('unauthenticated', SIGN_IN_MESSAGES.signInNeeded);
      }
      const validParams = route.params ? validate(route.params, params, 'path') : undefined;
      const validQuery = route.query
        ? validate(route.query, Object.fromEntries(new URL(request.url).searchParams), 'query')
        : undefined;
      const validBody = route.body ? validate(route.body, await readJson(request), 'body') : undefined;
      // The conditional types of MockRequest cannot be narrowed by the checks above; the values
      // are exactly what the route's schemas produced.
      const input = {
        params: validParams,
        query: validQuery,
        body: validBody,
        memberId,
        cookies,
        request,
      } as MockRequest<R>;
      const result = await resolver(input);
      const { body, init } = result instanceof Reply ? result : new Reply(result);
      const answer = route.response.safeParse(body);
      if (!answer.success) {
        throw new Error(
          `Mock answer for ${route.method} ${route.path} breaks the contract: ${z.prettifyError(answer.error)}`,
        );
      }
      return jsonResponse(answer.data, init.status ?? route.status, init.headers);
    } catch (error) {
      if (isAppError(error)) return failureResponse(error);
      // A bug in a mock: say so loudly, but answer like the server does for real faults.
      console.error(error);
      return failureResponse(new AppError('internal', 'Something went wrong on our side. Please try again.'));
    }
  });
}
