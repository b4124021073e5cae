/**
 * DKIM signing of every message (README.md#dns-records-for-mail-that-arrives), by nodemailer's own
 * signer: this module reads the key once, when the mailer is made, and refuses a key nodemailer
 * could not sign with, since its signer then sends the message unsigned without a word.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type DKIM from 'nodemailer/lib/dkim/index.js';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { ConfigError, type EnvConfig } from '../config.js';

export type DkimConfig = NonNullable<EnvConfig['dkim']>;

/** Below this, receivers (and mailauth's default) treat the signature as weak. */
const MIN_BITS = 1024;

/**
 * The headers signed when a message has them. nodemailer's default list leaves out
 * List-Unsubscribe-Post, which RFC 8058 wants signed with List-Unsubscribe before a mail client
 * offers one-click unsubscribe; Auto-Submitted is signed so no relay can turn it off.
 */
export const SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'Auto-Submitted',
].join(':');

const MAKE_ONE = 'make one with `openssl genrsa -out dkim.pem 2048`';

/** The PEM text of DKIM_PRIVATE_KEY_FILE, checked; a ConfigError that says what to fix otherwise. */
export function readDkimKey(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`DKIM_PRIVATE_KEY_FILE ${file} cannot be read (${code})`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new ConfigError(`DKIM_PRIVATE_KEY_FILE ${file} is not an unencrypted PEM private key: ${MAKE_ONE}`);
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new ConfigError(
      `DKIM_PRIVATE_KEY_FILE ${file} holds a key of type ${key.asymmetricKeyType ?? 'unknown'}, and the signer needs an RSA key: ${MAKE_ONE}`,
    );
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_BITS) {
    throw new ConfigError(`DKIM_PRIVATE_KEY_FILE ${file} is a ${bits}-bit key, too short to be trusted: ${MAKE_ONE}`);
  }
  return pem;
}

/** nodemailer's `dkim` option for a transport: every message it sends is signed. */
export function dkimOptions(config: DkimConfig): DKIM.SingleKeyOptions {
  return {
    domainName: config.domain,
    keySelector: config.selector,
    privateKey: readDkimKey(config.privateKeyFile),
    headerFieldNames: SIGNED_HEADERS,
  };
}

/** The domain of the From address, lower-cased; undefined when there is none to read. */
export function fromDomain(from: string): string | undefined {
  const [first] = addressparser(from, { flatten: true });
  const at = first?.address.lastIndexOf('@') ?? -1;
  return first && at > 0 ? first.address.slice(at + 1).toLowerCase() : undefined;
}

/**
 * DMARC counts a DKIM signature only when its domain aligns with the From's: the same domain, or
 * (relaxed alignment, the default) one under the other. The organisational domain would need the
 * public suffix list; a subdomain either way is what an install has in practice.
 */
export function alignsWith(from: string, dkimDomain: string): boolean {
  const domain = fromDomain(from);
  const signing = dkimDomain.toLowerCase();
  return (
    domain !== undefined && (domain === signing || domain.endsWith(`.${signing}`) || signing.endsWith(`.${domain}`))
  );
}
