/**
 * createApp: the Koa app from its dependencies (docs/conventions.md#server, json-server's factory). No globals:
 * tests build one per case with a temporary store and a fake clock.
 */
import Router from '@koa/router';
import { MEMBER_SESSION_DAYS } from '@prr/contract';
import Koa from 'koa';
import { AdminAuth } from './auth/adminAccount.js';
import { MemberSessionCookie } from './auth/cookies.js';
import { ADMIN_SESSION_MAX_MS, SessionStore } from './auth/sessions.js';
import { systemClock, type Clock } from './clock.js';
import { proxyCount, type AppConfig } from './config.js';
import type { AppKoa, AppState } from './http/context.js';
import type { AppDeps, AppHooks } from './http/deps.js';
import { silentLogger, type Logger } from './log.js';
import { noopMailer, type Mailer } from './mail/mailer.js';
import { unsubscribeRoutes } from './mail/unsubscribePage.js';
import { apiFallback } from './middleware/apiFallback.js';
import { jsonBody } from './middleware/bodyParser.js';
import { errorHandler } from './middleware/errorHandler.js';
import { noStoreApi } from './middleware/noStore.js';
import { createLimiters } from './middleware/rateLimit.js';
import { requestId } from './middleware/requestId.js';
import { sameOrigin } from './middleware/sameOrigin.js';
import { securityHeaders } from './middleware/securityHeaders.js';
import { apiRouters } from './routes/index.js';
import { joinFormRoutes } from './routes/joinForm.js';
import { serveCrawlerFiles } from './static/crawlers.js';
import { serveDownloads } from './static/downloads.js';
import { servePages } from './static/pages.js';
import { watchEventLoop, type EventLoopWatch } from './operations/eventLoop.js';
import { httpMetrics } from './operations/httpMetrics.js';
import { createMetrics, type Metrics } from './operations/metrics.js';
import { operationsRoutes } from './operations/operationsRoutes.js';
import type { AppStore } from './store/types.js';

export interface CreateAppOptions {
  store: AppStore;
  config: AppConfig;
  clock?: Clock;
  mailer?: Mailer;
  logger?: Logger;
  hooks?: AppHooks;
  /** The app's instruments; bin.ts shares them with the timed store and the scheduler. A fresh set by default. */
  metrics?: Metrics;
  /** What GET /metrics answers: the metrics' own text by default; in a cluster, every worker's. */
  metricsText?: () => Promise<string>;
  eventLoop?: EventLoopWatch;
}

export async function createApp(options: CreateAppOptions): Promise<AppKoa> {
  const clock = options.clock ?? systemClock;
  const deps: AppDeps = {
    store: options.store,
    clock,
    mailer: options.mailer ?? noopMailer,
    config: options.config,
    logger: options.logger ?? silentLogger,
    sessions: new SessionStore(options.store.sessions, clock, options.config.sessionIdleMs, ADMIN_SESSION_MAX_MS),
    // An absolute lifetime from sign-in: a session kept alive by use still ends (docs/decisions/025-e-mail-key-flow.md).
    memberSessions: new SessionStore(
      options.store.memberSessions,
      clock,
      MEMBER_SESSION_DAYS * 86_400_000,
      MEMBER_SESSION_DAYS * 86_400_000,
    ),
    memberCookie: new MemberSessionCookie(options.config.production),
    adminAuth: await AdminAuth.create(options.store, { production: options.config.production }),
    limiters: createLimiters(options.config.rateLimits, options.store),
    hooks: options.hooks ?? {},
  };

  // Behind N proxies the client is the address the N-th one saw: Koa keeps only the last N entries
  // of X-Forwarded-For, so whatever a client writes to the left of them is never its IP.
  const proxies = proxyCount(options.config.trustProxy);
  const app = new Koa<AppState>({ proxy: proxies > 0, maxIpsCount: proxies });
  // Errors are answered by errorHandler; Koa's own 'error' event would only duplicate the log.
  app.silent = true;

  const metrics = options.metrics ?? createMetrics();
  // Outermost, so it times the whole answer and sees the status the error handler settled on.
  app.use(httpMetrics(metrics));
  app.use(requestId());
  app.use(errorHandler(deps.logger));
  app.use(securityHeaders(options.config.production));
  // What a host watches: before the same-origin check and the body parser, which it never needs.
  app.use(
    operationsRoutes({
      store: options.store,
      eventLoop: options.eventLoop ?? watchEventLoop(),
      metricsText: options.metricsText ?? metrics.text,
      metricsContentType: metrics.contentType,
      metricsToken: options.config.metricsToken,
    }).routes(),
  );
  app.use(noStoreApi());
  app.use(sameOrigin(options.config, !options.config.production));
  app.use(jsonBody(options.config.jsonLimit));
  // One router holding every resource's routes: a request is matched once, not once per resource.
  const apiRouter = new Router<AppState>();
  for (const router of apiRouters(deps)) apiRouter.use(router.routes());
  app.use(apiRouter.routes());
  app.use(apiFallback());
  // The e-mails' unsubscribe link: a server-rendered confirm page (GET) and the one-click POST.
  app.use(unsubscribeRoutes(deps).routes());
  // The home page's join form before its script has loaded: a form post answered with a page.
  app.use(joinFormRoutes(deps).routes());
  app.use(serveDownloads(options.config.staticDir));
  // robots.txt and sitemap.xml name PUBLIC_URL, which the build cannot know: written here, not built.
  // /impact is a page, and in the sitemap, only while the evidence is published (docs/product/insights.md).
  const impactSnapshot = () => deps.store.impactSnapshot();
  app.use(serveCrawlerFiles(options.config, { impactPublished: async () => (await impactSnapshot()) !== undefined }));
  app.use(
    servePages(options.config, {
      // A live session, as the member routes check it (requireMember); a page load counts as the member's activity.
      memberSignedIn: async (ctx) =>
        (await deps.memberSessions.touch(deps.memberCookie.read(ctx.get('cookie')))) !== undefined,
      impactSnapshot,
    }),
  );
  return app;
}
