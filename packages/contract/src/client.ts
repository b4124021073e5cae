/**
 * The typed API client: JSON in and out, cookies included, the error rule of docs/product/api.md#conventions,
 * and responses parsed with the contract so a drifting server fails loudly.
 */
import { z } from 'zod';
import { ApiErrorBody, type ErrorCode } from './errors.js';
import {
  pathFor,
  searchFor,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
} from './routes.js';

/** A non-OK answer. `message` is "status: body text" (or the status text when the body is empty). */
export class HttpError extends Error {
  readonly status: number;
  readonly bodyText: string;
  readonly code: ErrorCode | undefined;
  readonly fields: Record<string, string[]> | undefined;
  /** The server's human message when the body had the API's error shape (docs/product/api.md#errors). */
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.bodyText = bodyText;
    const parsed = safeJson(bodyText);
    const body = ApiErrorBody.safeParse(parsed);
    this.code = body.success ? body.data.error.code : undefined;
    this.fields = body.success ? body.data.error.fields : undefined;
    this.serverMessage = body.success ? body.data.error.message : undefined;
  }
}

/** The response did not match the contract: a bug, not a user error. */
export class ContractError extends Error {
  readonly issues: z.core.$ZodIssue[];
  constructor(path: string, error: z.ZodError) {
    super(`Response from ${path} does not match the contract: ${z.prettifyError(error)}`);
    this.name = 'ContractError';
    this.issues = error.issues;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** docs/product/api.md#conventions: throw when the response is not OK, with "status: text". */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new HttpError(res.status, res.statusText, text);
  }
}

export interface ApiClientOptions {
  /** Prefix for every path; '' in the browser (same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

type CallArgs<R extends RouteDef> = (ParamsOf<R> extends undefined ? { params?: undefined } : { params: ParamsOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> }) &
  (QueryOf<R> extends undefined ? { query?: undefined } : { query?: QueryOf<R> }) & {
    signal?: AbortSignal;
    /** docs/product/api.md#conventions: a call configured to tolerate 401 yields an empty result. */
    on401?: 'throw' | 'returnNull';
  };

export type CallResult<R extends RouteDef, A> = A extends { on401: 'returnNull' }
  ? ResponseOf<R> | null
  : ResponseOf<R>;

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call<R extends RouteDef, A extends CallArgs<R>>(route: R, args: A): Promise<CallResult<R, A>> {
    const path =
      pathFor(route, args.params as Record<string, string | number> | undefined) +
      searchFor(args.query as Record<string, string | number | undefined> | undefined);
    const res = await doFetch(baseUrl + path, {
      method: route.method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: args.body === undefined ? undefined : JSON.stringify(args.body),
      credentials: 'include',
      signal: args.signal,
    });
    if (args.on401 === 'returnNull' && res.status === 401) {
      // Read the body anyway: a response left unread stays "in flight" in Chromium, and a signed-out
      // /dashboard then never became network-idle.
      await res.text();
      return null as CallResult<R, A>;
    }
    await throwIfResNotOk(res);
    const json: unknown = await res.json();
    const parsed = route.response.safeParse(json);
    if (!parsed.success) throw new ContractError(path, parsed.error);
    return parsed.data as CallResult<R, A>;
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's client (same origin). */
export const apiClient = /* @__PURE__ */ createApiClient();

/**
 * Reads use the path as the cache key (docs/product/api.md#conventions), and the query object
 * after it when there is one, so every page and filter of a list is refreshed together.
 */
export function queryKeyFor(
  route: Pick<RouteDef, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, string | number | undefined>,
): [string] | [string, Record<string, string | number | undefined>] {
  return query ? [pathFor(route, params), query] : [pathFor(route, params)];
}
