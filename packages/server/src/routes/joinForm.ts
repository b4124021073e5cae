/**
 * POST /join: the home page's join form before its script has loaded (docs/decisions/031-islands.md,
 * docs/product/api.md#outside-api). The browser posts the three fields form-encoded and gets a
 * server-rendered page, never JSON: the welcome, the form again with the fields to fix, or what
 * stopped the join. The join itself is the JSON route's (`joinFromRequest`): the same limits,
 * e-mails and session cookie. A cross-site post never gets here (middleware/sameOrigin.ts).
 */
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { ApiErrorBody, INVITE_PARAM, JOIN_FORM_PATH, JoinRequest, fieldErrors } from '@prr/contract';
import { AppError } from '@prr/domain';
import { z } from 'zod';
import type { AppContext, AppMiddleware, AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { answerHtml } from '../http/htmlPage.js';
import { escapeMarkup } from '../markup.js';
import { errorHandler } from '../middleware/errorHandler.js';
import { originOf } from '../middleware/sameOrigin.js';
import { joinFromRequest } from './movement.js';

const FORM_TYPE = 'application/x-www-form-urlencoded';

type Field = 'name' | 'email' | 'zipCode';

/** The fields in the form's order, labelled as the home page labels them. */
const FIELDS: readonly { name: Field; label: string; attributes: string }[] = [
  { name: 'name', label: 'Name', attributes: 'autocomplete="name"' },
  { name: 'email', label: 'Email', attributes: 'type="email" autocomplete="email"' },
  { name: 'zipCode', label: 'Zip code', attributes: 'autocomplete="postal-code" inputmode="numeric"' },
];

/** A browser sends each field once, as text; anything else reads as empty and gets the field's message. */
const formText = z.string().catch('');
const JoinFormFields = z
  .object({
    name: formText,
    email: formText,
    zipCode: formText,
    /** Only in the form this route shows again, so a typo does not lose the invite. */
    [INVITE_PARAM]: z.string().optional().catch(undefined),
  })
  .catch({ name: '', email: '', zipCode: '' });
type JoinFormFields = z.infer<typeof JoinFormFields>;

/**
 * The form body, up to the same limit as JSON. The app's JSON parser has run already and left `{}`
 * in place of a body it does not read; the form parser skips a request whose body is set.
 */
function formBody(limit: string): AppMiddleware {
  const parse = bodyParser({
    enableTypes: ['form'],
    formLimit: limit,
    encoding: 'utf-8',
    // As middleware/bodyParser.ts: a body that does not decompress is the client's bad input, not a 500.
    onError: (error) => {
      if ('status' in error && typeof error.status === 'number') throw error;
      throw new AppError('bad_request', 'The request body could not be decoded', { cause: error });
    },
  });
  return async (ctx, next) => {
    // A post without a type reads as an empty form; a body of another type is no form's.
    const type = ctx.request.type.trim().toLowerCase();
    if (type !== '' && type !== FORM_TYPE)
      throw new AppError('unsupported_media_type', `Send the form as ${FORM_TYPE}`);
    ctx.request.body = undefined;
    await parse(ctx, next);
  };
}

/**
 * The invite code of the page the form was on. The site's Referrer-Policy
 * (strict-origin-when-cross-origin) sends the full address only to itself; another site's is ignored.
 */
function refererInvite(ctx: AppContext): string | undefined {
  const referer = ctx.get('referer');
  const origin = referer ? originOf(referer) : undefined;
  if (origin === undefined || origin !== originOf(ctx.origin)) return undefined;
  return new URL(referer).searchParams.get(INVITE_PARAM) ?? undefined;
}

/** A code the contract would refuse is dropped rather than failing the join on a field the visitor cannot see. */
function acceptedInvite(code: string | undefined): string | undefined {
  const parsed = JoinRequest.shape.invite.safeParse(code);
  return parsed.success && parsed.data ? parsed.data : undefined;
}

const WELCOME = `<h1>Welcome to the movement!</h1>
<p>Thank you for joining us in fighting polarization and division.</p>
<p><a href="/dashboard">Go to your dashboard</a></p>
<p><a href="/">Back to the home page</a></p>`;

const FORM_STYLE = `  .problems { padding-left: 1.25rem; font-family: system-ui, sans-serif; line-height: 1.6; }
  .problems a, .field-error { color: #b42318; }
  label { display: block; margin: 1rem 0 .25rem; font: 600 .9rem system-ui, sans-serif; }
  input { box-sizing: border-box; width: 100%; padding: .6rem .75rem; font: 1rem system-ui, sans-serif; border: 1px solid #a8927a; border-radius: 8px; }
  input[aria-invalid="true"] { border: 2px solid #b42318; }
  input:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 1px; }
  .field-error { margin: .25rem 0 0; font: .9rem/1.4 system-ui, sans-serif; }
  form button { margin-top: 1.5rem; }
`;

const inputId = (field: Field) => `join-${field}`;
const errorId = (field: Field) => `join-${field}-error`;

/** One labelled input with the text the visitor typed and, when it was refused, why. */
function inputHtml(field: (typeof FIELDS)[number], value: string, message: string | undefined): string {
  const refused = message === undefined ? '' : ` aria-invalid="true" aria-describedby="${errorId(field.name)}"`;
  const input = `<label for="${inputId(field.name)}">${field.label}</label>
<input id="${inputId(field.name)}" name="${field.name}" ${field.attributes} required value="${escapeMarkup(value)}"${refused}>`;
  return message === undefined
    ? input
    : `${input}\n<p class="field-error" id="${errorId(field.name)}">${escapeMarkup(message)}</p>`;
}

/** The form again, as typed, after the list of fields to fix. */
function checkFormHtml(typed: JoinFormFields, fields: Record<string, string[]>, invite: string | undefined): string {
  const messageOf = (field: Field) => fields[field]?.join(' ');
  const refused = FIELDS.filter((field) => messageOf(field.name) !== undefined);
  const problems = refused.map(
    (field) =>
      `<li><a href="#${inputId(field.name)}">${field.label}: ${escapeMarkup(messageOf(field.name) ?? '')}</a></li>`,
  );
  const inputs = FIELDS.map((field) => inputHtml(field, typed[field.name], messageOf(field.name)));
  const hidden = invite ? `\n<input type="hidden" name="${INVITE_PARAM}" value="${escapeMarkup(invite)}">` : '';
  return `<h1>Please check the form</h1>
<p>Fix ${refused.length === 1 ? 'this field' : 'these fields'} to join the movement:</p>
<ul class="problems">
${problems.join('\n')}
</ul>
<form method="post" action="${JOIN_FORM_PATH}">
${inputs.join('\n')}${hidden}
<button type="submit">Join the Movement</button>
</form>`;
}

const problemHtml = (message: string) => `<h1>We could not add you just now</h1>
<p>${escapeMarkup(message)}</p>
<p><a href="/">Back to the home page</a></p>`;

/**
 * Runs the app's error handler again inside this route, so a failure gets the JSON route's status,
 * log lines and headers (Retry-After on 429, a generic message on 500), then shows its message as a page.
 */
function errorsAsPages(deps: Pick<AppDeps, 'logger'>): AppMiddleware[] {
  const asPage: AppMiddleware = async (ctx, next) => {
    await next();
    const answer = ApiErrorBody.safeParse(ctx.body);
    if (answer.success) answerHtml(ctx, ctx.status, 'Could not join', problemHtml(answer.data.error.message));
  };
  return [asPage, errorHandler(deps.logger)];
}

async function join(deps: AppDeps, ctx: AppContext): Promise<void> {
  const typed = JoinFormFields.parse(ctx.request.body ?? {});
  const invite = acceptedInvite(typed[INVITE_PARAM] ?? refererInvite(ctx));
  const body = JoinRequest.safeParse({
    name: typed.name,
    email: typed.email,
    zipCode: typed.zipCode,
    ...(invite ? { invite } : {}),
  });
  if (!body.success) {
    const page = checkFormHtml(typed, fieldErrors(body.error), invite);
    return answerHtml(ctx, 400, 'Please check the form', page, { style: FORM_STYLE });
  }
  await joinFromRequest(deps, ctx, body.data);
  answerHtml(ctx, 200, 'Welcome to the movement', WELCOME);
}

export function joinFormRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.post(JOIN_FORM_PATH, ...errorsAsPages(deps), formBody(deps.config.jsonLimit), (ctx) => join(deps, ctx));
  return router;
}
