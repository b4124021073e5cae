/**
 * One-line JSON logs on stdout/stderr: easy to grep, easy for the crash test to parse the
 * 'listening' line, and no logging dependency.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(level: LogLevel = 'info'): Logger {
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Fields): void => {
    if (ORDER[lvl] < ORDER[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields });
    (lvl === 'error' || lvl === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  };
}

export const silentLogger: Logger = createLogger('silent');

/** Serialises an unknown thrown value for a log line (message and stack, never sent to clients). */
export function errorFields(error: unknown): Fields {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: error.message, stack: error.stack, ...(code ? { errno: code } : {}) };
  }
  return { error: String(error) };
}
