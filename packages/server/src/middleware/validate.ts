/**
 * validate(route): parses params and body with the route's contract schemas, so handlers get
 * typed input and never see raw request data (docs/conventions.md#server). 400 validation_failed with fields.
 */
import type { z } from 'zod';
import { fieldErrors, type RouteDef } from '@prr/contract';
import { AppError, invalidInput } from '@prr/domain';
import type { AppContext, RouteContext, RouteMiddleware } from '../http/context.js';

/** The schemas validate() reads: a route of the contract's table, or one outside it (the CSV export). */
export type RouteSchemas = Partial<Pick<RouteDef, 'params' | 'query' | 'body'>>;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;
export interface RouteInput<R extends RouteSchemas> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
}

function hasBody(ctx: AppContext): boolean {
  return Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
}

/**
 * The first text field holding a NUL character, as a dotted path. No store keeps one: PostgreSQL's
 * text refuses it, so it is refused here for both, before any SQL, with a 400 like any bad field.
 */
function nulField(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'value' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulField(inner, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

function parse(schema: z.ZodType, value: unknown, part: 'body' | 'path' | 'query'): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(part, fieldErrors(result.error));
  const field = nulField(result.data);
  if (field !== undefined) throw invalidInput(part, { [field]: ['Text must not contain NUL characters'] });
  return result.data;
}

/** A query string as one value per name (the last, when a name repeats). */
export function queryObject(search: URLSearchParams): Record<string, string> {
  return Object.fromEntries(search);
}

export function validate(route: RouteSchemas): RouteMiddleware {
  return async (ctx, next) => {
    const params = route.params ? parse(route.params, ctx.params, 'path') : undefined;
    const query = route.query
      ? parse(route.query, queryObject(new URLSearchParams(ctx.querystring)), 'query')
      : undefined;
    let body: unknown;
    if (route.body) {
      // The body parser only reads JSON; anything else would reach the schema as {}.
      if (hasBody(ctx) && !ctx.is('application/json')) {
        throw new AppError('unsupported_media_type', 'Send the request body as application/json');
      }
      body = parse(route.body, ctx.request.body ?? {}, 'body');
    }
    ctx.state.input = { params, query, body };
    await next();
  };
}

/**
 * The parsed input of the matched route. The one cast of the request pipeline: `validate(route)`
 * ran the same route's schemas just before, so the shape is guaranteed.
 */
export function inputOf<R extends RouteSchemas>(ctx: RouteContext, _route: R): RouteInput<R> {
  if (!ctx.state.input) throw new Error('validate(route) did not run before the handler');
  return ctx.state.input as RouteInput<R>;
}
