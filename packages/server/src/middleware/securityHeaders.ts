/**
 * Security headers on every response, as helmet writes them. The CSP allows inline styles because
 * styled-components injects <style> tags at run time; scripts stay 'self' only (Vite emits files).
 *
 * The policy has no per-request part (no nonces), so helmet runs once at start-up against a
 * recording response and every request gets the recorded headers: the same bytes as running
 * helmet per request, without its per-request work (see `npm run bench`, reads).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppMiddleware } from '../http/context.js';

function helmetOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        // The home page's video section may embed a hosted video.
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind TLS: on http://localhost it would break every asset request.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Permissions-Policy: every powerful feature the site does not use is off, for this page and any
 * frame in it. Kept for this origin: passkeys (the admin's second factor), fullscreen (the video)
 * and clipboard-write (the Share button's copy). Only features every Chromium build knows, so the
 * console stays free of "unrecognized feature" messages: not web-share, which Chromium on Linux does
 * not know, and whose default is this origin anyway (the Share button's share sheet).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
  'fullscreen=(self)',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
].join(', ');

/** What helmet sets and removes on a response, recorded once, with the Permissions-Policy helmet does not write. */
export function securityHeaderSet(production: boolean): { set: Record<string, string>; removed: string[] } {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete set[name];
      removed.push(name);
    },
  };
  let finished = false;
  let failure: unknown;
  helmet(helmetOptions(production))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    finished = true;
    failure = error;
  });
  // helmet 8 finishes synchronously; if a later version did not, the recording would be partial.
  if (!finished) throw new Error('helmet did not finish synchronously; security headers cannot be precomputed');
  if (failure) throw failure;
  set['Permissions-Policy'] = PERMISSIONS_POLICY;
  return { set, removed };
}

export function securityHeaders(production: boolean): AppMiddleware {
  const { set, removed } = securityHeaderSet(production);
  return async (ctx, next) => {
    ctx.set(set);
    for (const name of removed) ctx.remove(name);
    await next();
  };
}
