/** The server package's public surface: the factory, the store and what tests and tools need. */
export { createApp, type CreateAppOptions } from './app.js';
export { listen, type RunningServer } from './server.js';
export { StoreOpenError } from './store/lowdb/dataFile.js';
export { openLowdbStore, LowdbStore, type OpenLowdbStoreOptions } from './store/lowdb/lowdbStore.js';
export { openAppStore, type OpenAppStoreOptions } from './store/open.js';
export type { AppStore, StoreKind } from './store/types.js';
export type { DbData } from './store/schema.js';
export { ensureAdmin, type AdminSeed } from './auth/adminAccount.js';
export { parseEnv, toAppConfig, DEFAULT_RATE_LIMITS, type AppConfig, type EnvConfig } from './config.js';
export { systemClock, FakeClock, type Clock } from './clock.js';
export { createLogger, silentLogger, type Logger } from './log.js';
export { noopMailer, type Mailer, type MailMessage } from './mail/mailer.js';
export { createDashboardLinkToken, createUnsubscribeToken, verifyUnsubscribeToken } from './auth/emailLinkTokens.js';
export { SEED_FILE, REPO_ROOT } from './paths.js';
