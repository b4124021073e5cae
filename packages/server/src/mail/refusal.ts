/**
 * Which SMTP failures are a refusal of the recipient for good (docs/product/rules.md#undeliverable-addresses).
 * nodemailer fails a message whose only recipient the server refused with code EENVELOPE, the
 * command RCPT TO and the reply's code. A 5xx there is the receiving server's final word on the
 * address; a 4xx is "try later", and a 5xx to another command (MAIL FROM, DATA) is about our
 * sender or the message, not the address: those stay failures to retry.
 */
import type { MailRefused } from './mailer.js';
import { redactAddresses } from './privacy.js';

interface SmtpFailure {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
}

export function recipientRefusal(error: unknown): MailRefused | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, command, responseCode, response } = error as Error & SmtpFailure;
  if (code !== 'EENVELOPE' || command !== 'RCPT TO') return undefined;
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return undefined;
  return {
    code: 'recipient-refused',
    responseCode,
    response: redactAddresses(typeof response === 'string' ? response : error.message).slice(0, 500),
  };
}
