import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { RenderedMail } from './mail.layout.ts';
import type { MailTemplate } from './mail.types.ts';

export type MailTransportConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_OUTBOX_DIR'>;

/** One rendered e-mail on its way out, with what names it. */
export interface OutgoingMail extends RenderedMail {
  to: string;
  /** The message's idempotency key: it becomes the Message-ID and the file name. */
  key: string;
  template: MailTemplate;
}

export interface MailDelivery {
  messageId: string;
  /** The .eml file written, when there is no SMTP server. */
  file?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<MailDelivery>;
  close(): void;
}

/**
 * Timeouts well under BullMQ's job lock: a server that does not answer fails
 * the attempt (and the job is retried) instead of holding the worker.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** A stable Message-ID per key, so a retried send is recognisably the same message. */
function messageIdOf(mail: OutgoingMail, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'taquilla.local';
  return `<${mail.template}.${mail.key}@${domain}>`;
}

function messageOf(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageIdOf(mail, from),
    headers: { 'Auto-Submitted': 'auto-generated' },
    // Inline images (the tickets' QR codes) are shown where the HTML names their cid;
    // other files (the calendar) are attachments to keep.
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((file) => ({
            ...file,
            contentDisposition: file.cid ? ('inline' as const) : ('attachment' as const),
          })),
        }
      : {}),
  };
}

/** A file name that sorts by time and cannot leave the folder. */
function fileNameOf(mail: OutgoingMail, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const key = mail.key.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${stamp}-${mail.template}-${key}.eml`;
}

/**
 * SMTP when SMTP_URL is set (options such as `?pool=true` go in the URL);
 * otherwise each message is written as an RFC 822 .eml file under
 * MAIL_OUTBOX_DIR and logged. The log names the recipient, the subject and
 * the file, never the message's body (it carries one-time links).
 */
export function createMailTransport(config: MailTransportConfig, log: Logger): MailTransport {
  const from = config.MAIL_FROM;

  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      async send(mail) {
        const info = await smtp.sendMail(messageOf(mail, from));
        return { messageId: info.messageId };
      },
      close: () => smtp.close(),
    };
  }

  const outbox = path.resolve(config.MAIL_OUTBOX_DIR);
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  // The folder is made on the first message, and again after a write that failed.
  let folderReady = false;
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await builder.sendMail(messageOf(mail, from));
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not build a buffer');
      if (!folderReady) await mkdir(outbox, { recursive: true });
      folderReady = true;
      const file = path.join(outbox, fileNameOf(mail, new Date()));
      // Written whole, then renamed: a reader of the folder never sees half a message.
      const partial = `${file}.part`;
      try {
        await writeFile(partial, info.message, { mode: 0o600 });
        await rename(partial, file);
      } catch (err) {
        folderReady = false;
        throw err;
      }
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
      return { messageId: info.messageId, file };
    },
    close: () => builder.close(),
  };
}
