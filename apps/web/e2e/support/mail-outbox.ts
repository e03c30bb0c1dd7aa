import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from '@playwright/test';

/*
 * The e-mails the worker wrote to MAIL_OUTBOX_DIR (one .eml file each, no SMTP server
 * in tests). mailparser comes from the API's dev dependencies: it undoes the
 * quoted-printable and base64 encodings that would otherwise break the links.
 */
type ParsedMail = {
  to?: { text: string } | { text: string }[];
  subject?: string;
  text?: string;
  html?: string | false;
};

const requireFromApi = createRequire(new URL('../../../api/package.json', import.meta.url));
const { simpleParser } = requireFromApi('mailparser') as {
  simpleParser: (source: Buffer) => Promise<ParsedMail>;
};

const LINK_PATHS = {
  verifyEmail: /\/email\/verify\/[A-Za-z0-9_-]+/,
  resetPassword: /\/password\/reset\/[A-Za-z0-9_-]+/,
} as const;

export type MailLink = keyof typeof LINK_PATHS;

function outboxDir(): string {
  const dir = process.env.MAIL_OUTBOX_DIR;
  if (!dir) throw new Error('MAIL_OUTBOX_DIR is not set: playwright.config.ts sets it');
  return dir;
}

function recipients(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.map((address) => address.text.toLowerCase()).join(', ');
}

/** The path of the link of that kind in the newest message to `recipient`, if any yet. */
async function newestLink(recipient: string, kind: MailLink): Promise<string | null> {
  const dir = outboxDir();
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    // Names start with a UTC time stamp, so they sort oldest first.
    .sort()
    .reverse();
  for (const name of files) {
    const mail = await simpleParser(await readFile(path.join(dir, name)));
    if (!recipients(mail).includes(recipient.toLowerCase())) continue;
    const found = LINK_PATHS[kind].exec(`${mail.text ?? ''}\n${mail.html || ''}`);
    if (found) return found[0];
  }
  return null;
}

/** Waits for the worker to deliver the message and answers its link's path. */
export async function waitForMailLink(recipient: string, kind: MailLink): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        link = await newestLink(recipient, kind);
        return link;
      },
      { message: `an e-mail to ${recipient} with a ${kind} link`, timeout: 20_000 },
    )
    .not.toBeNull();
  return link as unknown as string;
}

/** A message as its reader sees it: subject and both parts, decoded. */
export type OutboxMail = { subject: string; text: string; html: string };

/** The newest message to `recipient` whose subject matches, if the worker wrote one yet. */
async function newestMail(recipient: string, subject: RegExp): Promise<OutboxMail | null> {
  const dir = outboxDir();
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of files) {
    const mail = await simpleParser(await readFile(path.join(dir, name)));
    if (!recipients(mail).includes(recipient.toLowerCase())) continue;
    if (!subject.test(mail.subject ?? '')) continue;
    return { subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' };
  }
  return null;
}

/** Waits for the worker to deliver a message to `recipient` whose subject matches. */
export async function waitForMail(recipient: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | null = null;
  await expect
    .poll(
      async () => {
        found = await newestMail(recipient, subject);
        return found;
      },
      { message: `an e-mail to ${recipient} titled ${subject}`, timeout: 20_000 },
    )
    .not.toBeNull();
  return found as unknown as OutboxMail;
}

/** The path and query of the order link a message carries (`/orders/{id}?t=…`). */
export function orderLinkOf(mail: OutboxMail): string {
  const found = /\/orders\/[0-9a-f-]{36}\?t=[A-Za-z0-9_-]+/.exec(mail.text);
  expect(found, `a signed order link in «${mail.subject}»`).not.toBeNull();
  return found![0];
}

/** Waits for a message whose subject is exactly `subject` and answers its text part. */
export async function waitForMailText(recipient: string, subject: string): Promise<string> {
  const escaped = subject.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&');
  return (await waitForMail(recipient, new RegExp(`^${escaped}$`))).text;
}
