import type { Db } from '../db/open.js';

/** The mail the sandbox "sends": kept in an outbox that tests read through GET /sandbox/mail. */

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export function queueMail(db: Db, mail: Mail, now: Date): void {
  db.prepare('INSERT INTO mail_outbox (to_email, subject, body, created_at) VALUES (?, ?, ?, ?)').run(
    mail.to,
    mail.subject,
    mail.body,
    now.toISOString(),
  );
}

/** Newest first: all the mail to one address (any case), or the latest 50 to anyone. */
export function listMail(db: Db, email?: string): unknown[] {
  return email
    ? db.prepare('SELECT * FROM mail_outbox WHERE to_email = ? COLLATE NOCASE ORDER BY id DESC').all(email)
    : db.prepare('SELECT * FROM mail_outbox ORDER BY id DESC LIMIT 50').all();
}
