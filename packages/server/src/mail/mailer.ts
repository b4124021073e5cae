/**
 * The e-mail seam. DESIGN.md's e-mails (welcome, first reflection, daily reminders, SMTP or an
 * .eml outbox) are built by the e-mail module on top of this interface; the server only needs
 * somewhere to hand messages to.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends nothing: the default until the e-mail module provides SMTP/outbox delivery. */
export const noopMailer: Mailer = {
  send: async () => {},
};
