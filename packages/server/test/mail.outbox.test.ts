/**
 * The embedded default transport: each message an RFC 5322 .eml file in OUTBOX_DIR, named to
 * sort in sending order, written atomically; and the mail configuration (SMTP_URL, OUTBOX_DIR,
 * PUBLIC_URL, MAIL_FROM, the DKIM key).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { dkimVerify } from 'mailauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptForDay } from '@prr/domain';
import { ConfigError, parseEnv } from '../src/config.js';
import { DEFAULT_OUTBOX_DIR } from '../src/paths.js';
import { OutboxMailer, SmtpMailer, createMailer, redactUrl } from '../src/mail/transports.js';
import { FROM, listUnsubscribeUrl, parseMail, startMailHarness } from './mail.helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-outbox-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const NAME = /^\d{8}T\d{9}Z-\d{6}-(welcome|reflection|signin|mail)-[A-Za-z0-9._-]+\.eml$/;

describe('the outbox transport', () => {
  it('a join leaves the welcome and the first reflection as parseable .eml files, in sending order', async () => {
    const outbox = join(dir, 'outbox');
    const h = await startMailHarness({ mailer: new OutboxMailer(outbox, FROM) });
    try {
      await h.join('grace@example.org', 'Grace Hopper');
      await h.scheduler.idle();
    } finally {
      await h.close();
    }
    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(NAME);
    expect(files.map((f) => NAME.exec(f)?.[1])).toEqual(['welcome', 'reflection']);

    const [welcome, reflection] = await Promise.all(files.map((f) => readFile(join(outbox, f), 'utf8')));
    for (const raw of [welcome ?? '', reflection ?? '']) {
      // RFC 5322: CRLF line ends only, no line over 998 characters, headers then a blank line.
      expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
      const mail = parseMail(raw);
      for (const header of [
        'from',
        'to',
        'subject',
        'date',
        'message-id',
        'mime-version',
        'list-unsubscribe',
        'list-unsubscribe-post',
      ]) {
        expect(mail.header(header), header).toBeTruthy();
      }
      expect(mail.header('to')).toBe('grace@example.org');
      expect(mail.contentType).toMatch(/^multipart\/alternative; boundary=/);
      expect(mail.text).toContain('Grace');
      expect(mail.html).toMatch(/^<!DOCTYPE html>/);
      expect(mail.html).toContain('</html>');
      expect(mail.text).toContain(listUnsubscribeUrl(mail));
    }
    expect(parseMail(reflection ?? '').text).toContain(promptForDay(1)?.prompt);
  });

  it("a sign-in e-mail (the app's own mailer is the same outbox) is a parseable .eml with the code and the link, and no unsubscribe header", async () => {
    const outbox = join(dir, 'outbox');
    const h = await startMailHarness({ mailer: new OutboxMailer(outbox, FROM) });
    try {
      await h.join('grace@example.org', 'Grace Hopper');
      await h.scheduler.idle();
      await h.signInByCode('grace@example.org');
    } finally {
      await h.close();
    }
    const files = (await readdir(outbox)).sort();
    expect(files.map((f) => NAME.exec(f)?.[1])).toEqual(['welcome', 'reflection', 'signin']);
    const mail = parseMail(await readFile(join(outbox, files[2]!), 'utf8'));
    expect(mail.header('to')).toBe('grace@example.org');
    expect(mail.header('subject')).toMatch(/^Your sign-in code: \d{6}$/);
    const code = /(\d{6})$/.exec(mail.header('subject') ?? '')?.[1];
    expect(mail.text).toContain(`  > ${code}`);
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/dashboard#key=[A-Za-z0-9_-]{43}/);
    expect(mail.header('auto-submitted')).toBe('auto-generated');
    expect(mail.header('list-unsubscribe')).toBeUndefined();
  });

  it('many messages in the same millisecond get distinct files and leave no temp files behind', async () => {
    const mailer = new OutboxMailer(dir, FROM);
    const date = new Date('2026-03-02T14:00:00Z');
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        mailer.send({
          to: `m${i}@example.org`,
          subject: `Hello ${i}`,
          text: `Hello ${i}`,
          html: `<p>Hello ${i}</p>`,
          date,
          kind: 'reflection',
        }),
      ),
    );
    const files = await readdir(dir);
    expect(files).toHaveLength(25);
    expect(files.every((f) => NAME.test(f))).toBe(true);
    const recipients = await Promise.all(
      files.map(async (f) => parseMail(await readFile(join(dir, f), 'utf8')).header('to')),
    );
    expect(new Set(recipients).size).toBe(25);
  });

  it('a write that fails rejects the send (so it is retried) and leaves no partial file', async () => {
    const blocked = join(dir, 'not-a-directory');
    await writeFile(blocked, 'x');
    const mailer = new OutboxMailer(blocked, FROM);
    await expect(mailer.send({ to: 'a@example.org', subject: 'Hi', text: 'Hi' })).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['not-a-directory']);
  });
});

describe('mail configuration', () => {
  it('defaults: outbox beside the data file, PUBLIC_URL on localhost, a From on its host', () => {
    const env = parseEnv({});
    expect(env.outboxDir).toBe(DEFAULT_OUTBOX_DIR);
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.mailFrom).toBe('"Pause. Reflect. Retry." <hello@localhost>');
    expect(env.smtpUrl).toBeUndefined();
    const moved = parseEnv({ DATA_FILE: join(dir, 'live', 'db.json'), PORT: '8080' });
    expect(dirname(moved.outboxDir)).toBe(join(dir, 'live'));
    expect(moved.publicUrl).toBe('http://localhost:8080');
  });

  it('reads PUBLIC_URL (trailing slash dropped), MAIL_FROM, OUTBOX_DIR and SMTP_URL; refuses a non-http PUBLIC_URL', () => {
    const env = parseEnv({
      PUBLIC_URL: 'https://peace.example.org/',
      OUTBOX_DIR: join(dir, 'mail'),
      SMTP_URL: 'smtps://user:secret@mail.example.org:465',
    });
    expect(env.publicUrl).toBe('https://peace.example.org');
    expect(env.mailFrom).toBe('"Pause. Reflect. Retry." <hello@peace.example.org>');
    expect(env.outboxDir).toBe(join(dir, 'mail'));
    expect(parseEnv({ MAIL_FROM: 'Peace <peace@example.org>' }).mailFrom).toBe('Peace <peace@example.org>');
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://peace.example.org' })).toThrow(ConfigError);
    expect(() => parseEnv({ PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
  });

  it('createMailer: SMTP when SMTP_URL is set, otherwise the outbox; credentials never logged', () => {
    const lines: string[] = [];
    const logger = {
      debug: () => {},
      info: (msg: string, f?: object) => lines.push(msg + JSON.stringify(f)),
      warn: () => {},
      error: () => {},
    };
    const url = 'smtps://user:secret@mail.example.org:465';
    expect(createMailer({ smtpUrl: url, outboxDir: dir, from: FROM, logger })).toBeInstanceOf(SmtpMailer);
    expect(createMailer({ outboxDir: dir, from: FROM, logger })).toBeInstanceOf(OutboxMailer);
    expect(lines.join('\n')).not.toContain('secret');
    expect(redactUrl(url)).toBe('smtps://user:***@mail.example.org:465');
  });
});

describe('DKIM keys (README.md#dns-records-for-mail-that-arrives)', () => {
  const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const dkimIn = async (name: string, pem: string | Buffer) => {
    const privateKeyFile = join(dir, name);
    await writeFile(privateKeyFile, pem);
    return { domain: 'peace.test', selector: 'prr2026', privateKeyFile };
  };

  it('the outbox signs what it writes as SMTP would send it: the .eml verifies against the published key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dkim = await dkimIn('dkim.pem', privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const outbox = join(dir, 'outbox');
    const mailer = createMailer({ outboxDir: outbox, from: FROM, dkim, logger: quiet });
    await mailer.send({
      to: 'ada@example.org',
      subject: 'Day 2 of 90',
      text: 'Line one\nLine two\n',
      headers: { 'List-Unsubscribe': '<https://peace.test/unsubscribe?token=t>' },
    });
    const [file] = await readdir(outbox);
    const raw = await readFile(join(outbox, file ?? ''));
    const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const resolver = async (name: string) =>
      name === 'prr2026._domainkey.peace.test' ? [[`v=DKIM1; k=rsa; p=${p}`]] : [];
    const { results } = await dkimVerify(raw, { resolver });
    expect(results.map((r) => [r.status.result, r.signingDomain, r.selector])).toEqual([
      ['pass', 'peace.test', 'prr2026'],
    ]);
  });

  it('an unreadable file, or a key that is not an unencrypted RSA PEM of 1024 bits or more, stops the start with a ConfigError that says so', async () => {
    const make = (dkim: Awaited<ReturnType<typeof dkimIn>>) => () =>
      createMailer({ outboxDir: dir, from: FROM, dkim, logger: quiet });
    const missing = { domain: 'peace.test', selector: 'prr2026', privateKeyFile: join(dir, 'missing.pem') };
    expect(make(missing)).toThrow(ConfigError);
    expect(make(missing)).toThrow(`DKIM_PRIVATE_KEY_FILE ${missing.privateKeyFile} cannot be read (ENOENT)`);

    const notPem = await dkimIn(
      'public.pem',
      generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }),
    );
    expect(make(notPem)).toThrow(
      /is not an unencrypted PEM private key: make one with `openssl genrsa -out dkim.pem 2048`/,
    );
    const encrypted = await dkimIn(
      'encrypted.pem',
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
        cipher: 'aes-256-cbc',
        passphrase: 'secret',
      }),
    );
    expect(make(encrypted)).toThrow(/is not an unencrypted PEM private key/);
    const ed25519 = await dkimIn(
      'ed25519.pem',
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    expect(make(ed25519)).toThrow(/holds a key of type ed25519, and the signer needs an RSA key/);
    const short = await dkimIn(
      'short.pem',
      generateKeyPairSync('rsa', { modulusLength: 512 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    expect(make(short)).toThrow(/is a 512-bit key, too short to be trusted/);
  });

  it("warns, and still starts, when MAIL_FROM's domain is not DKIM_DOMAIN or under it", async () => {
    const dkim = await dkimIn(
      'dkim.pem',
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    const warnings = (from: string) => {
      const lines: string[] = [];
      createMailer({
        outboxDir: dir,
        from,
        dkim,
        logger: { ...quiet, warn: (msg, f) => lines.push(msg + JSON.stringify(f)) },
      });
      return lines;
    };
    expect(warnings(FROM)).toEqual([]);
    expect(warnings('Peace <hello@mail.peace.test>')).toEqual([]);
    expect(warnings('"Pause, Reflect" <hello@elsewhere.example>')).toEqual([
      'MAIL_FROM\'s domain is not DKIM_DOMAIN (or under it): receivers applying DMARC will not count the signature{"fromDomain":"elsewhere.example","dkimDomain":"peace.test"}',
    ]);
  });
});
