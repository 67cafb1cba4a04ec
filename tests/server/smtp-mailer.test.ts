import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../server/mail/smtp-mailer';

/** Just enough of an SMTP server to receive one message in plain text. */
function fakeSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 OK queued');
          } else {
            current.data += `${line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else {
          reply(verb === 'EHLO' || verb === 'HELO' ? '250 fake.smtp' : '250 OK');
        }
      }
    });
  });
  return { server, received };
}

describe('mail through SMTP (SMTP_URL set)', () => {
  const smtp = fakeSmtpServer();
  let port = 0;
  beforeAll(
    () =>
      new Promise<void>((resolve) => {
        smtp.server.listen(0, '127.0.0.1', () => {
          const address = smtp.server.address();
          port = typeof address === 'object' && address ? address.port : 0;
          resolve();
        });
      }),
  );
  afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

  it('sends the message with its link to the SMTP server', async () => {
    const mailer = createSmtpMailer(
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      'Ruminations <no-reply@app.test>',
    );
    await mailer.send({
      to: 'lena@example.test',
      subject: 'Activate your Ruminations account',
      text: 'Open http://app.test/activate?token=abc',
      link: { url: 'http://app.test/activate?token=abc', logLabel: 'Activation link for lena' },
    });
    await mailer.close();
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.from).toContain('no-reply@app.test');
    expect(message?.to.join()).toContain('lena@example.test');
    expect(message?.data).toContain('Subject: Activate your Ruminations account');
    expect(message?.data).toContain('http://app.test/activate?token=abc');
  });
});
