/**
 * The small server-rendered pages outside the built site: the unsubscribe page and the answers to
 * the home page's join form without script. No scripts (the site's CSP allows inline styles only).
 * Each answers one visitor's request, so none is cached or indexed.
 */
import { escapeMarkup } from '../markup.js';
import type { AppContext } from './context.js';

export interface PageOptions {
  /** Headers besides no-store and noindex (a Referrer-Policy, a Retry-After). */
  headers?: Record<string, string>;
  /** CSS for this page only, after the shared rules: whole lines, each ending with a newline. */
  style?: string;
}

/** The whole document around `body`, which is HTML already escaped. */
export function htmlPage(title: string, body: string, style = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)} · Pause. Reflect. Retry.</title>
<style>
  body { margin: 0; background: #fffaf3; color: #2b2118; font-family: Georgia, 'Times New Roman', serif; }
  main { max-width: 34rem; margin: 4rem auto; padding: 2rem; background: #fff; border: 1px solid #e6d7c3; border-radius: 12px; }
  .eyebrow { margin: 0 0 .5rem; font: 600 .75rem/1.4 system-ui, sans-serif; letter-spacing: .12em; text-transform: uppercase; color: #b4540a; }
  h1 { margin: 0 0 1rem; font-weight: normal; font-size: 1.75rem; line-height: 1.25; }
  p { line-height: 1.6; }
  button { font: bold 1rem system-ui, sans-serif; padding: .75rem 1.5rem; border: 0; border-radius: 999px; background: #b4540a; color: #fff; cursor: pointer; }
  button:hover { background: #8a3f06; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  a { color: #8a3f06; }
${style}</style>
</head>
<body>
<main>
<p class="eyebrow">Pause. Reflect. Retry.</p>
${body}
</main>
</body>
</html>
`;
}

/** Answers the page with `status`. */
export function answerHtml(
  ctx: AppContext,
  status: number,
  title: string,
  body: string,
  options: PageOptions = {},
): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex');
  for (const [name, value] of Object.entries(options.headers ?? {})) ctx.set(name, value);
  ctx.body = htmlPage(title, body, options.style);
}
