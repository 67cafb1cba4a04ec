import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../server/logging';
import { createOutboxMailer } from '../../server/mail/outbox-mailer';
import { authHeader, createTestApp, type TestApp } from './support/test-app';

/** Everything the server logs, as text. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

describe('logs and the outbox without SMTP', () => {
  let t: TestApp;
  let outbox: string;
  const log = captureLog();
  const PASSWORD = 'Sup3r-Secret-Passw0rd';

  beforeAll(async () => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-outbox-'));
    const logger = pino(loggerOptions('info'), log.stream);
    t = await createTestApp({
      logger: loggerOptions('info', log.stream),
      mailer: createOutboxMailer(outbox, logger, 'Ruminations <no-reply@app.test>'),
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('writes the activation email to the outbox and its link on one log line', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'kate', email: 'kate@example.test', password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    await waitFor(() => log.text().includes('Activation link for kate'));

    const line = log
      .text()
      .split('\n')
      .find((l) => l.includes('Activation link for kate'));
    const link = /http:\/\/app\.test\/activate\?token=[\w-]+/.exec(line ?? '')?.[0];
    expect(link).toBeDefined();

    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    const mail = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(mail).toContain('To: kate@example.test');
    expect(mail).toContain(link);

    // The logged link works.
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const activated = await t.app.inject({
      method: 'GET',
      url: `/api/auth/activate?token=${token}`,
    });
    expect(activated.statusCode).toBe(200);
  });

  it('never logs a password, an access token or a token in a query string', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'kate', password: PASSWORD },
    });
    const accessToken = login.json<{ accessToken: string }>().accessToken;
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader(accessToken) });
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/activate?token=query-secret-123',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'kate', password: 'wrong-but-secret' },
    });

    const text = log.text();
    expect(text).toContain('/api/auth/me'); // requests are logged...
    expect(text).not.toContain(PASSWORD); // ...without their secrets
    expect(text).not.toContain('wrong-but-secret');
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(accessToken.split('.')[2]);
    expect(text).not.toContain('query-secret-123');
    expect(text).toContain('/api/auth/activate?token=[REDACTED]');
  });
});
