/**
 * What the rest of the API may ask of e-mail. Messages are enqueued on the
 * `mail` BullMQ queue (ARCHITECTURE §6) and sent by the worker with retries;
 * callers enqueue only after their transaction commits. `key` makes a send
 * idempotent: the same key is delivered once (it becomes the job id).
 */
export type MailMessage =
  | {
      template: 'email-verification';
      to: string;
      key: string;
      data: { fullname: string; verifyUrl: string; expiresInHours: number };
    }
  | {
      template: 'password-reset';
      to: string;
      key: string;
      data: { fullname: string; resetUrl: string; expiresInMinutes: number };
    }
  | {
      /** An organiser account made by an admin without a password: the link chooses one. */
      template: 'organiser-invitation';
      to: string;
      key: string;
      data: {
        fullname: string;
        role: 'Producer' | 'Admin';
        /** The producer a Producer account manages; null for an admin. */
        producerName: string | null;
        setPasswordUrl: string;
        expiresInHours: number;
      };
    };

export type MailTemplate = MailMessage['template'];

export interface Mailer {
  /** Enqueues the message; resolves once it is safely in the queue. */
  send(message: MailMessage): Promise<void>;
}
