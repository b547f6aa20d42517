import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db } from '../../db/client';
import { accountNotices } from '../../db/schema/index';

/** Notices claimed and sent in one round: a round never holds the outbox long. */
const NOTICES_PER_ROUND = 20;
/** A round also runs this often: for notices another process wrote, and to retry failed sends. */
export const NOTICE_ROUND_EVERY_MS = 60_000;

type Notice = typeof accountNotices.$inferSelect;

/** What a notice says, in French: the old address learns which address replaced it, and when. */
export function noticeMail(notice: Pick<Notice, 'toAddress' | 'newAddress' | 'createdAt'>) {
  const when = new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(notice.createdAt);
  return {
    to: notice.toAddress,
    subject: 'Shattered Realms : votre adresse de connexion a changé',
    text: [
      'Bonjour,',
      '',
      `Le ${when} (heure de Paris), l’adresse de connexion de votre compte Shattered Realms a été remplacée par ${notice.newAddress ?? 'une autre adresse'}.`,
      '',
      'Si c’est vous, il n’y a rien à faire.',
      'Si ce n’est pas vous, quelqu’un connaît votre mot de passe : prévenez sans attendre l’administrateur de votre serveur Shattered Realms.',
      '',
      'Ce message est envoyé à votre ancienne adresse ; vous n’y recevrez plus rien de notre part.',
    ].join('\n'),
  };
}

export interface NoticeMailer {
  /** Sends what is due now, without waiting for the next round; resolves with the notices sent. */
  sendDue(): Promise<number>;
  close(): void;
}

/**
 * Sends the `account_notices` outbox over SMTP (`SMTP_URL`): after each e-mail change (`sendDue`)
 * and every minute. A round claims its rows by stamping `sent_at` before sending (skipping rows
 * another process holds), and gives back the ones whose send failed, so two processes never send
 * one notice twice; a process killed between the stamp and the send loses that notice
 * (docs/server.md "E-mail changes").
 */
export function startNoticeMailer({
  db,
  smtpUrl,
  from,
  log,
}: {
  db: Db;
  smtpUrl: string;
  from: string;
  log: FastifyBaseLogger;
}): NoticeMailer {
  const transport = createTransport(smtpUrl);
  let round: Promise<number> | undefined;

  async function sendRound(): Promise<number> {
    const claimed = (await db.execute(sql`
      update ${accountNotices} set sent_at = now()
      where id in (
        select id from ${accountNotices} where sent_at is null
        order by created_at limit ${NOTICES_PER_ROUND} for update skip locked
      )
      returning id, to_address as "toAddress", new_address as "newAddress", created_at as "createdAt"`)) as {
      rows: Array<Pick<Notice, 'id' | 'toAddress' | 'newAddress'> & { createdAt: string | Date }>;
    };
    let sent = 0;
    for (const notice of claimed.rows) {
      try {
        await transport.sendMail({
          from,
          ...noticeMail({ ...notice, createdAt: new Date(notice.createdAt) }),
        });
        sent += 1;
      } catch (error) {
        // Never the addresses in the log: the notice's id says which one waits.
        log.warn({ err: error, notice: notice.id }, 'account notice not sent: retried at the next round');
        await db.execute(sql`update ${accountNotices} set sent_at = null where id = ${notice.id}`);
      }
    }
    return sent;
  }

  /** One round at a time; a call during a round waits for it, then runs its own. */
  function sendDue(): Promise<number> {
    const next = (round ?? Promise.resolve(0)).catch(() => 0).then(sendRound);
    round = next;
    return next;
  }

  const timer = setInterval(() => {
    sendDue().catch((error: unknown) => log.warn({ err: error }, 'account notices round failed'));
  }, NOTICE_ROUND_EVERY_MS);
  timer.unref();

  return {
    sendDue,
    close() {
      clearInterval(timer);
      transport.close();
    },
  };
}
