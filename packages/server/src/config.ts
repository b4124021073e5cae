/**
 * The environment, parsed once with zod (docs/conventions.md#configuration-and-paths). `parseEnv` is pure so it is testable;
 * `toAppConfig` turns it into what createApp needs, which tests build directly.
 */
import { BlockList, isIPv6 } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import {
  JOINS_PER_IP_PER_HOUR,
  SIGN_IN_EMAILS_PER_ADDRESS,
  SIGN_IN_EMAILS_PER_ADDRESS_PER_DAY,
  SIGN_IN_EMAILS_WINDOW_MINUTES,
  WRONG_CODES_PER_NETWORK_PER_DAY,
} from '@prr/contract';
import { DEFAULT_DATA_FILE, DEFAULT_STATIC_DIR } from './paths.js';
import type { LogLevel } from './log.js';

/** Unset and empty are the same thing in a shell environment. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * TRUST_PROXY: how many reverse proxies stand between the clients and this server. `true`/`yes`
 * mean one and `false`/`no` none, the values this variable took when it was a yes/no.
 */
const proxies = z
  .string()
  .trim()
  .regex(/^(\d{1,2}|true|false|yes|no)$/i, {
    error: 'TRUST_PROXY must be the number of reverse proxies in front of the server (0, 1, 2…), or true/false',
  })
  .transform((v) => (/^\d+$/.test(v) ? Number(v) : ['true', 'yes'].includes(v.toLowerCase()) ? 1 : 0));

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 (an IPv4-mapped 127.x too) or `localhost`: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (bare.toLowerCase() === 'localhost') return true;
  try {
    return LOOPBACK.check(bare, isIPv6(bare) ? 'ipv6' : 'ipv4');
  } catch {
    // Not an IP address: a name that may resolve to any interface.
    return false;
  }
}

export const PRODUCTION_NEEDS_ADMIN =
  'NODE_ENV=production needs ADMIN_EMAIL and ADMIN_PASSWORD: without them the admin would be the demo admin, whose password is published';

/** WEB_CONCURRENCY above 1 on the lowdb store (docs/decisions/032-every-core-one-command.md). */
export const LOWDB_RUNS_ONE_PROCESS =
  'WEB_CONCURRENCY above 1 needs DATABASE_URL: the lowdb data file is held in the memory of one process, its only writer, so on lowdb the server runs as one process (unset WEB_CONCURRENCY or set it to 1)';

const WEB_CONCURRENCY_RANGE = 'WEB_CONCURRENCY must be a whole number from 1 to 256';

export const EnvSchema = z
  .object({
    NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
    PORT: optional(z.coerce.number().int().min(0).max(65_535)),
    HOST: optional(z.string()),
    DATA_FILE: optional(z.string()),
    OUTBOX_DIR: optional(z.string()),
    STATIC_DIR: optional(z.string()),
    ADMIN_EMAIL: optional(z.email()),
    ADMIN_PASSWORD: optional(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').max(200)),
    ADMIN_NAME: optional(z.string().min(1).max(100)),
    /** Outside production: 'required' asks the admin's second factor as production always does (docs/decisions/027-admin-second-factor.md). */
    ADMIN_SECOND_FACTOR: optional(z.enum(['required', 'optional'])),
    SESSION_SECRET: optional(z.string().min(32, 'SESSION_SECRET must be at least 32 characters')),
    SESSION_IDLE_MINUTES: optional(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 60),
    ),
    SMTP_URL: optional(z.url()),
    /** The site's address as members reach it: links in e-mails (dashboard, unsubscribe). */
    PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' })),
    /** The From of every e-mail, e.g. `Pause. Reflect. Retry. <hello@example.org>`. */
    MAIL_FROM: optional(z.string().min(3).max(200)),
    /** DKIM signing of every e-mail (docs/deploy.md#mail-that-arrives): the domain, selector and PEM key file, all three or none. */
    DKIM_DOMAIN: optional(
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i,
          'DKIM_DOMAIN must be a domain name, e.g. example.org',
        ),
    ),
    DKIM_SELECTOR: optional(
      z.string().regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, 'DKIM_SELECTOR must be a DNS label, e.g. prr2026'),
    ),
    DKIM_PRIVATE_KEY_FILE: optional(z.string()),
    /** A bearer token that opens GET /metrics to other machines; unset: loopback only. */
    METRICS_TOKEN: optional(z.string().min(24, 'METRICS_TOKEN must be at least 24 characters')),
    TRUST_PROXY: optional(proxies),
    ALLOWED_ORIGINS: optional(z.string()),
    LOG_LEVEL: optional(z.enum(['debug', 'info', 'warn', 'error', 'silent'])),
    /** The PostgreSQL store (postgres://user:pass@host:5432/db); unset: the embedded lowdb file. */
    DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// or postgresql:// URL' }),
    ),
    /** Connections each server process keeps to PostgreSQL. */
    DATABASE_POOL_MAX: optional(z.coerce.number().int().min(1).max(200)),
    /** Server processes sharing the port (node:cluster), the hosting platforms' name for it. */
    WEB_CONCURRENCY: optional(
      z.coerce
        .number({ error: WEB_CONCURRENCY_RANGE })
        .int({ error: WEB_CONCURRENCY_RANGE })
        .min(1, { error: WEB_CONCURRENCY_RANGE })
        .max(256, { error: WEB_CONCURRENCY_RANGE }),
    ),
    /** Joins one client network may make in an hour (docs/decisions/026-limits-and-defaults.md). */
    JOINS_PER_IP_PER_HOUR: optional(
      z.coerce
        .number({ error: 'JOINS_PER_IP_PER_HOUR must be a whole number from 1 to 100000' })
        .int({ error: 'JOINS_PER_IP_PER_HOUR must be a whole number from 1 to 100000' })
        .min(1, { error: 'JOINS_PER_IP_PER_HOUR must be a whole number from 1 to 100000' })
        .max(100_000, { error: 'JOINS_PER_IP_PER_HOUR must be a whole number from 1 to 100000' }),
    ),
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither',
    path: ['ADMIN_PASSWORD'],
  })
  // A real installation never runs with the demo admin (docs/decisions/014-admin-account.md).
  .refine(
    (env) => env.NODE_ENV !== 'production' || (env.ADMIN_EMAIL !== undefined && env.ADMIN_PASSWORD !== undefined),
    {
      message: PRODUCTION_NEEDS_ADMIN,
      path: ['ADMIN_EMAIL'],
    },
  )
  // NODE_ENV defaults to development, which has the demo admin and looser origin checks: such a
  // server must not be reachable from the network by mistake, so it listens on loopback only.
  .refine((env) => env.NODE_ENV === 'production' || env.HOST === undefined || isLoopbackHost(env.HOST), {
    message:
      'HOST must be a loopback address (127.0.0.1, ::1 or localhost) unless NODE_ENV=production: a development server, with its demo admin, is not for the network',
    path: ['HOST'],
  })
  .refine(
    (env) =>
      (env.DKIM_DOMAIN === undefined) === (env.DKIM_SELECTOR === undefined) &&
      (env.DKIM_DOMAIN === undefined) === (env.DKIM_PRIVATE_KEY_FILE === undefined),
    {
      message: 'Set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE together, or none of them',
      path: ['DKIM_DOMAIN'],
    },
  )
  // One writer per data file: two processes would each hold their own copy and overwrite the other's writes.
  .refine((env) => env.WEB_CONCURRENCY === undefined || env.WEB_CONCURRENCY === 1 || env.DATABASE_URL !== undefined, {
    message: LOWDB_RUNS_ONE_PROCESS,
    path: ['WEB_CONCURRENCY'],
  });

export interface EnvConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataFile: string;
  /** Set: PostgreSQL is the store and DATA_FILE is not used. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /**
   * Server processes on the port: 1 is today's single process; more runs a cluster primary that
   * forks that many workers (cluster/primary.ts). More than 1 only with PostgreSQL.
   */
  webConcurrency: number;
  outboxDir: string;
  staticDir: string;
  admin: { email: string; password: string; name: string } | undefined;
  /** Production: always 'required'. */
  adminSecondFactor: 'required' | 'optional';
  sessionSecret: string | undefined;
  sessionIdleMinutes: number;
  smtpUrl: string | undefined;
  /** Without a trailing slash. */
  publicUrl: string;
  mailFrom: string;
  /** DKIM signing; undefined: messages go unsigned (the SMTP relay may sign them). The key file is read when the mailer is made. */
  dkim: { domain: string; selector: string; privateKeyFile: string } | undefined;
  /** METRICS_TOKEN: a bearer token that opens /metrics beyond loopback. */
  metricsToken: string | undefined;
  /** Reverse proxies in front (TRUST_PROXY); 0: none, the socket's address is the client's. */
  trustProxy: number;
  allowedOrigins: string[];
  logLevel: LogLevel;
  /** JOINS_PER_IP_PER_HOUR. */
  joinsPerIpPerHour: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * `cores` is the machine's (os.availableParallelism()), a parameter so that the default
 * WEB_CONCURRENCY can be tested on any machine.
 */
export function parseEnv(env: NodeJS.ProcessEnv, cores: number = availableParallelism()): EnvConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const port = e.PORT ?? 3000;
  const dataFile = e.DATA_FILE ? resolve(e.DATA_FILE) : DEFAULT_DATA_FILE;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port || 3000}`).replace(/\/+$/, '');
  return {
    nodeEnv,
    port,
    host: e.HOST ?? '127.0.0.1',
    dataFile,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX ?? 20,
    // Every core on PostgreSQL, which every process shares; lowdb's one file has one writer.
    webConcurrency: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? Math.max(1, cores) : 1),
    // Beside the data file by default (<repo>/data/outbox), so a DATA_FILE elsewhere keeps its mail there too.
    outboxDir: e.OUTBOX_DIR ? resolve(e.OUTBOX_DIR) : join(dirname(dataFile), 'outbox'),
    staticDir: e.STATIC_DIR ? resolve(e.STATIC_DIR) : DEFAULT_STATIC_DIR,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME ?? 'Admin' }
        : undefined,
    sessionSecret: e.SESSION_SECRET,
    adminSecondFactor: nodeEnv === 'production' ? 'required' : (e.ADMIN_SECOND_FACTOR ?? 'optional'),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES ?? 30,
    smtpUrl: e.SMTP_URL,
    publicUrl,
    mailFrom: e.MAIL_FROM ?? `"Pause. Reflect. Retry." <hello@${new URL(publicUrl).hostname}>`,
    dkim:
      e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY_FILE
        ? { domain: e.DKIM_DOMAIN, selector: e.DKIM_SELECTOR, privateKeyFile: resolve(e.DKIM_PRIVATE_KEY_FILE) }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY ?? 0,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    joinsPerIpPerHour: e.JOINS_PER_IP_PER_HOUR ?? JOINS_PER_IP_PER_HOUR,
  };
}

export interface RateLimit {
  /** Attempts allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
}

/** What the app itself needs; tests construct this directly with `testConfig`-style overrides. */
export interface AppConfig {
  /** Secure cookies, HSTS and upgrade-insecure-requests only make sense behind TLS. */
  production: boolean;
  staticDir: string;
  /** Seals the links in e-mails and keys the sign-in codes' hashes. */
  sessionSecret: string;
  /** The site's public address, for the links in sign-in e-mails. */
  publicUrl: string;
  sessionIdleMs: number;
  /**
   * How many reverse proxies stand in front (0 or false: none; true: one, the older yes/no form).
   * With N, the client IP is the address the N-th proxy from us saw, counted from the right of
   * X-Forwarded-For: entries further left are whatever the client wrote. X-Forwarded-Proto
   * (https) is honoured too.
   */
  trustProxy: boolean | number;
  /** Extra origins allowed to send state-changing requests besides the site's own. */
  allowedOrigins: string[];
  /**
   * 'required': the admin proves a second factor after the password, enrolling one first if
   * needed. 'optional' (outside production only): an admin who never enrolled signs in with the
   * password. Unset: required in production. See docs/decisions/027-admin-second-factor.md.
   */
  adminSecondFactor?: 'required' | 'optional';
  /** Largest JSON body accepted; larger answers 413. */
  jsonLimit: string;
  /** Opens GET /metrics beyond loopback (METRICS_TOKEN); unset: loopback only. */
  metricsToken?: string | undefined;
  rateLimits: {
    /** Login attempts per client IP and e-mail (an IPv6 client counts by its /64, as for every per-IP limit). */
    login: RateLimit;
    /** Login attempts per client IP across all e-mails (stops spraying many addresses). */
    loginPerIp: RateLimit;
    /**
     * Consecutive failed logins per account (e-mail) from any IP before back-off: after `points`
     * of them, the account takes one attempt per window of 1 s, 2 s, 4 s… up to 15 minutes
     * (auth/loginThrottle.ts). Failures are forgotten at a success, or `duration` after the first.
     */
    loginPerAccount: RateLimit;
    /** Sign-in e-mails per client IP. */
    signInPerIp: RateLimit;
    /** Sign-in e-mails per address: the resend limit. */
    signInPerAddress: RateLimit;
    /** Sign-in e-mails per address and day: the cap on mailing one address. */
    signInPerAddressPerDay: RateLimit;
    /** Code and link attempts per client IP (each code also allows only 5 wrong tries). */
    signInAttempts: RateLimit;
    /**
     * Wrong codes per client network, across every address: once spent, that network's code
     * attempts are refused before they can count against (and void) an owner's pending code.
     */
    wrongCodesPerNetwork: RateLimit;
    /** Joins per client IP: enough for a room joining at an event over one network (JOINS_PER_IP_PER_HOUR). */
    joinPerIp: RateLimit;
    /** Joins per address. */
    joinPerAddress: RateLimit;
  };
}

export const DEFAULT_RATE_LIMITS: AppConfig['rateLimits'] = {
  login: { points: 10, duration: 15 * 60 },
  loginPerIp: { points: 50, duration: 15 * 60 },
  loginPerAccount: { points: 5, duration: 24 * 60 * 60 },
  signInPerIp: { points: 30, duration: 15 * 60 },
  signInPerAddress: { points: SIGN_IN_EMAILS_PER_ADDRESS, duration: SIGN_IN_EMAILS_WINDOW_MINUTES * 60 },
  signInPerAddressPerDay: { points: SIGN_IN_EMAILS_PER_ADDRESS_PER_DAY, duration: 24 * 60 * 60 },
  signInAttempts: { points: 60, duration: 15 * 60 },
  wrongCodesPerNetwork: { points: WRONG_CODES_PER_NETWORK_PER_DAY, duration: 24 * 60 * 60 },
  joinPerIp: { points: JOINS_PER_IP_PER_HOUR, duration: 60 * 60 },
  joinPerAddress: { points: 10, duration: 60 * 60 },
};

/** The number of proxies a `trustProxy` value means. */
export const proxyCount = (trustProxy: boolean | number): number =>
  trustProxy === true ? 1 : trustProxy === false ? 0 : trustProxy;

export function toAppConfig(env: EnvConfig, sessionSecret: string): AppConfig {
  return {
    production: env.nodeEnv === 'production',
    staticDir: env.staticDir,
    sessionSecret,
    publicUrl: env.publicUrl,
    sessionIdleMs: env.sessionIdleMinutes * 60_000,
    trustProxy: env.trustProxy,
    allowedOrigins: env.allowedOrigins,
    adminSecondFactor: env.adminSecondFactor,
    jsonLimit: '32kb',
    metricsToken: env.metricsToken,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      joinPerIp: { ...DEFAULT_RATE_LIMITS.joinPerIp, points: env.joinsPerIpPerHour },
    },
  };
}
