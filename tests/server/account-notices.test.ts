import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountNotices } from '../../server/db/schema/index';
import { drivers, startTestServer, type TestServer } from '../helpers/server';

interface Received {
  to: string[];
  text: string;
}

/**
 * The old address of an e-mail change is told by mail, through a real SMTP
 * server: one of `smtp-server`'s, on this machine, which can also refuse a recipient.
 */
describe.each(drivers)('security notices by mail (%s)', (driver) => {
  let t: TestServer;
  let smtp: SMTPServer;
  const received: Received[] = [];
  let refusing = false;
  let refused = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (!refusing) return callback();
        refused += 1;
        callback(new Error('boîte indisponible'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            text: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestServer({ driver, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  const changeEmail = async () => {
    const user = await t.register();
    const newAddress = `moved-${user.email}`;
    const answer = await t.api(
      'PUT',
      '/auth/profile',
      { displayName: user.displayName, email: newAddress, currentPassword: user.password },
      user.token,
    );
    expect(answer.status).toBe(200);
    return { user, newAddress };
  };
  const noticeOf = async (userId: string) =>
    (await t.database.db.select().from(accountNotices).where(eq(accountNotices.userId, userId)))[0];

  it('mails the old address at once, in French, naming the new one, and stamps the notice', async () => {
    const { user, newAddress } = await changeEmail();
    await expect.poll(() => received.filter((mail) => mail.to.includes(user.email)).length).toBe(1);
    const mail = received.find((candidate) => candidate.to.includes(user.email))!;
    expect(mail.to).toEqual([user.email]);
    // Quoted-printable may fold long lines: the text is read unfolded.
    const text = mail.text.replace(/=\r?\n/g, '');
    expect(text).toContain(newAddress);
    expect(text).toContain('Shattered Realms');
    await expect.poll(async () => (await noticeOf(user.userId))?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a notice the mail server refused, and sends it at a later round', async () => {
    refusing = true;
    const { user } = await changeEmail();
    await expect.poll(() => refused).toBe(1);
    // The refused send gives its claim back: the notice waits, unsent, for the next round.
    await expect.poll(async () => (await noticeOf(user.userId))?.sentAt).toBeNull();
    expect(received.filter((mail) => mail.to.includes(user.email))).toEqual([]);
    refusing = false;
    const again = await t.register();
    await t.api(
      'PUT',
      '/auth/profile',
      { displayName: again.displayName, email: `moved-${again.email}`, currentPassword: again.password },
      again.token,
    );
    await expect.poll(() => received.map((mail) => mail.to.join()).join(' | ')).toContain(user.email);
    expect((await noticeOf(user.userId))?.sentAt).toBeInstanceOf(Date);
  });
});
