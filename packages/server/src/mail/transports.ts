/**
 * The two transports, both built on nodemailer so the bytes are the same either way:
 * - SMTP (SMTP_URL set): nodemailer's SMTP transport; `?pool=true` in the URL keeps connections.
 * - Outbox (the default): nodemailer's stream transport renders the RFC 5322 message (MIME
 *   multipart/alternative, CRLF line ends) and it is written to OUTBOX_DIR as
 *   `<UTC timestamp>-<sequence>-<kind>-<message id>.eml`: names sort in sending order (the
 *   sequence orders messages of the same millisecond) and never collide; each file is written to
 *   a dot-temp file and renamed, so a reader never sees half a message. Folders it creates are
 *   0700 and files 0600.
 *
 * With EnvConfig.dkim both sign every message (dkim.ts), so the outbox shows what SMTP would send.
 * The SMTP transport answers a recipient refused for good as a value (refusal.ts), not a failure.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type DKIM from 'nodemailer/lib/dkim/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { EnvConfig } from '../config.js';
import { silentLogger, type Logger } from '../log.js';
import { alignsWith, dkimOptions, fromDomain } from './dkim.js';
import type { MailMessage, MailRefused, Mailer } from './mailer.js';
import { recipientRefusal } from './refusal.js';

export interface MailerOptions {
  /** SMTP server URL (smtp:// or smtps://, credentials and options in the URL); unset: the outbox. */
  smtpUrl?: string | undefined;
  /** Where the outbox writes .eml files. */
  outboxDir: string;
  /** The From header, e.g. `"Pause. Reflect. Retry." <hello@example.org>`. */
  from: string;
  /** Sign every message; the key file is read here, once. Unset: unsigned (a relay may sign). */
  dkim?: EnvConfig['dkim'];
  logger?: Logger;
}

/** nodemailer's own DKIM option for a transport, or nothing. */
type Signing = { dkim: DKIM.SingleKeyOptions } | Record<string, never>;

function mailOptions(message: MailMessage, from: string): Mail.Options {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(message.headers !== undefined ? { headers: message.headers } : {}),
    ...(message.messageId !== undefined ? { messageId: message.messageId } : {}),
    ...(message.date !== undefined ? { date: message.date } : {}),
    // Text parts as quoted-printable keep lines short and readable in the raw file.
    textEncoding: 'quoted-printable',
  };
}

/** A file-name-safe form of a Message-ID or kind. */
function slug(value: string): string {
  return value
    .replace(/[<>]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 120);
}

/**
 * RFC 5322 line ends. nodemailer 7's stream transport leaves the LFs of the text and HTML parts
 * as they are (its `newline` option is not applied); the message is 7-bit after encoding, so
 * rewriting byte-wise is safe.
 */
function crlf(message: Buffer): Buffer {
  return Buffer.from(message.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
}

/** 20250309T130000123Z: sorts lexically in time order. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('.', '');
}

export class OutboxMailer implements Mailer {
  readonly dir: string;
  readonly #transport: nodemailer.Transporter;
  readonly #from: string;
  #sequence = 0;

  constructor(dir: string, from: string, signing: Signing = {}) {
    this.dir = dir;
    this.#from = from;
    this.#transport = nodemailer.createTransport({ streamTransport: true, buffer: true, ...signing });
  }

  async send(message: MailMessage): Promise<undefined> {
    const info = (await this.#transport.sendMail(mailOptions(message, this.#from))) as {
      messageId: string;
      message: Buffer;
    };
    // Messages hold members' addresses and sign-in codes: the folder and files are the owner's only.
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    this.#sequence = (this.#sequence + 1) % 1_000_000;
    const sequence = String(this.#sequence).padStart(6, '0');
    const name = `${stamp(message.date ?? new Date())}-${sequence}-${slug(message.kind ?? 'mail')}-${slug(info.messageId)}.eml`;
    const file = join(this.dir, name);
    const temp = join(this.dir, `.${name}.${randomUUID()}.tmp`);
    try {
      await writeFile(temp, crlf(info.message), { mode: 0o600 });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return undefined;
  }
}

export class SmtpMailer implements Mailer {
  readonly #transport: nodemailer.Transporter;
  readonly #from: string;

  constructor(url: string, from: string, signing: Signing = {}) {
    this.#from = from;
    // Short timeouts: a hung server must not hold the scheduler for minutes; the send is retried.
    // (createTransport({ url, ... }) would drop everything but the URL, so it is parsed here;
    // options in the URL's query string win.)
    this.#transport = nodemailer.createTransport({
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      ...parseConnectionUrl(url),
      ...signing,
    } as nodemailer.TransportOptions);
  }

  async send(message: MailMessage): Promise<MailRefused | undefined> {
    let info: { accepted: unknown[]; rejected: unknown[] };
    try {
      info = (await this.#transport.sendMail(mailOptions(message, this.#from))) as typeof info;
    } catch (error) {
      const refused = recipientRefusal(error);
      if (refused) return refused;
      throw error;
    }
    if (info.accepted.length === 0)
      throw new Error(`The SMTP server accepted no recipient (rejected: ${info.rejected.length})`);
    return undefined;
  }

  close(): void {
    this.#transport.close();
  }
}

/** A URL's credentials never reach a log line. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'smtp://(unparseable)';
  }
}

/**
 * The mailer bin.ts runs. With DKIM, the key file is read now: an unreadable or unusable key is a
 * ConfigError (the server does not start), and a From whose domain DMARC would not align with the
 * signature's is worth a warning, not a refusal (some movements sign through a relay's domain).
 */
export function createMailer(options: MailerOptions): Mailer {
  const logger = options.logger ?? silentLogger;
  const dkim = options.dkim;
  const signing: Signing = dkim ? { dkim: dkimOptions(dkim) } : {};
  if (dkim) {
    logger.info('e-mail signed with DKIM', { domain: dkim.domain, selector: dkim.selector });
    if (!alignsWith(options.from, dkim.domain)) {
      logger.warn(
        "MAIL_FROM's domain is not DKIM_DOMAIN (or under it): receivers applying DMARC will not count the signature",
        {
          fromDomain: fromDomain(options.from) ?? '(none)',
          dkimDomain: dkim.domain,
        },
      );
    }
  }
  if (options.smtpUrl) {
    logger.info('e-mail via SMTP', { smtp: redactUrl(options.smtpUrl) });
    return new SmtpMailer(options.smtpUrl, options.from, signing);
  }
  logger.info('e-mail written to the outbox (no SMTP_URL)', { outboxDir: options.outboxDir });
  return new OutboxMailer(options.outboxDir, options.from, signing);
}
