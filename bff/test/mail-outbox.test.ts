import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { API, bearer, signInAdmin, type SignedIn } from './support/api';
import { startTestBff, type TestBff } from './support/test-bff';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server in this process (smtp-server), collecting what arrives. */
function smtpServer(received: Received[]) {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true, // no DNS on this closed network: the greeting would wait for it
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
}
const listen = (server: SMTPServer, port = 0) =>
  new Promise<number>((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
const close = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Each new inquiry is e-mailed to the notification address through an outbox in
 * PostgreSQL. Mail down: the student's message is still taken at once, the mail waits and goes out once the server
 * is back, exactly once; the admin sees whether it was sent.
 */
describe('inquiry notifications by e-mail', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    server = smtpServer(received);
    port = await listen(server);
    bff = await startTestBff({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '200' },
    });
    admin = await signInAdmin(bff);
    const settings = (await bff.http().get(`${API}/settings.php`).set(bearer(admin.token)).expect(200)).body.data;
    await bff
      .http()
      .put(`${API}/settings.php`)
      .set(bearer(admin.token))
      .send({ ...settings, notificationEmail: 'office@school.example', siteName: 'Exam Vault' })
      .expect(200);
  });
  afterAll(async () => {
    await bff?.close();
    await close(server).catch(() => undefined);
  });

  const contact = (subject: string) =>
    bff
      .http()
      .post(`${API}/inquiries.php`)
      .send({ name: 'Amina', email: 'amina@student.example', subject, message: `About ${subject}: where is paper 2?` })
      .expect(201);
  const notificationOf = async (id: number) =>
    (
      (await bff.http().get(`${API}/inquiries.php?path=${id}`).set(bearer(admin.token)).expect(200)).body.data as {
        notification: string;
      }
    ).notification;

  it('sends the new inquiry to the notification address, and the admin sees it was sent', async () => {
    const inquiry = (await contact('Physics 2023')).body.data as { id: number };
    await until(() => received.some((m) => m.raw.includes('Subject: New inquiry: Physics 2023')));
    const mail = received.find((m) => m.raw.includes('Subject: New inquiry: Physics 2023'))!;
    expect(mail.to).toEqual(['office@school.example']);
    expect(mail.raw).toContain('amina@student.example');
    expect(mail.raw).toContain('About Physics 2023: where is paper 2?');
    expect(mail.raw).toContain('Exam Vault');
    await until(async () => (await notificationOf(inquiry.id)) === 'sent');
  });

  it('keeps the message through an SMTP outage and sends it once when the server is back', async () => {
    await close(server);
    const started = Date.now();
    const inquiry = (await contact('During the outage')).body.data as { id: number };
    expect(Date.now() - started).toBeLessThan(5000); // the student never waits for mail
    await until(async () => {
      const [row] = await bff.db.query('SELECT attempts, status FROM mail_outbox WHERE inquiry_id = $1', [inquiry.id]);
      return row && row.attempts >= 2 && row.status === 'pending';
    });
    expect(await notificationOf(inquiry.id)).toBe('pending');
    expect(received.some((m) => m.raw.includes('During the outage'))).toBe(false);

    server = smtpServer(received);
    await listen(server, port);
    await until(() => received.some((m) => m.raw.includes('Subject: New inquiry: During the outage')), 20_000);
    await until(async () => (await notificationOf(inquiry.id)) === 'sent');
    await new Promise((resolve) => setTimeout(resolve, 1000)); // more rounds of the worker
    expect(received.filter((m) => m.raw.includes('Subject: New inquiry: During the outage'))).toHaveLength(1);
  });
});

describe('inquiry notifications without SMTP_URL', () => {
  it('queues nothing and says none', async () => {
    const bff = await startTestBff();
    try {
      const admin = await signInAdmin(bff);
      const settings = (await bff.http().get(`${API}/settings.php`).set(bearer(admin.token)).expect(200)).body.data;
      await bff
        .http()
        .put(`${API}/settings.php`)
        .set(bearer(admin.token))
        .send({ ...settings, notificationEmail: 'office@school.example' })
        .expect(200);
      const inquiry = (
        await bff
          .http()
          .post(`${API}/inquiries.php`)
          .send({ name: 'A', email: 'a@test.example', subject: 'Hi', message: 'Hello' })
          .expect(201)
      ).body.data as { id: number };
      expect(await bff.db.query('SELECT count(*)::int AS n FROM mail_outbox')).toEqual([{ n: 0 }]);
      const read = await bff.http().get(`${API}/inquiries.php?path=${inquiry.id}`).set(bearer(admin.token)).expect(200);
      expect(read.body.data.notification).toBe('none');
    } finally {
      await bff.close();
    }
  });
});
