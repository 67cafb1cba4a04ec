import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../server/mail/outbox-mailer';
import { createSmtpMailer } from '../../server/mail/smtp-mailer';
import { sendDueDigests } from '../../server/modules/digests/digest-run';
import { digestHelpers, newClock } from './email-digest-support';
import { setUpTestApp } from './support/test-app';

/**
 * An email digest's List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058) as the real
 * mailers send them: through SMTP and into the outbox folder.
 */

const t = setUpTestApp();
const { deps, comment, writerWithDigest } = digestHelpers(t);

describe('the mailers keep the headers', () => {
  it('SMTP (nodemailer) sends List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const smtp = await fakeSmtp();
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'R <r@app.test>');
    try {
      const at = newClock();
      const { me, bob, note } = await writerWithDigest('daily');
      await comment(bob, note.id, 'hello');
      await sendDueDigests(deps(mailer), at(0));
      const mine = smtp.messages.filter((m) => m.includes(`To: ${me.email}`));
      expect(mine).toHaveLength(1);
      // Header lines may be folded: unfold, then read them one by one.
      const head = (mine[0] ?? '').split('\r\n\r\n')[0]?.replace(/\r\n[ \t]+/g, ' ') ?? '';
      const lines = head.split('\r\n');
      expect(lines.find((l) => l.startsWith('List-Unsubscribe: '))).toMatch(
        /^List-Unsubscribe: <http:\/\/app\.test\/api\/email\/unsubscribe\?token=[^>]+>$/,
      );
      expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await mailer.close();
      smtp.close();
    }
  });

  it('the outbox file holds List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-digest-outbox-'));
    try {
      const mailer = createOutboxMailer(outbox, pino({ level: 'silent' }), 'R <r@app.test>');
      const at = newClock();
      const { me, bob, note } = await writerWithDigest('daily');
      await comment(bob, note.id, 'hello');
      await sendDueDigests(deps(mailer), at(0));
      const files = fs.readdirSync(outbox);
      const mine = files
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .filter((content) => content.includes(`To: ${me.email}\r\n`));
      expect(mine).toHaveLength(1);
      const [head] = (mine[0] ?? '').split('\r\n\r\n');
      expect(head).toMatch(
        /\r\nList-Unsubscribe: <http:\/\/app\.test\/api\/email\/unsubscribe\?token=[^>]+>/,
      );
      expect(head).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      fs.rmSync(outbox, { recursive: true, force: true });
    }
  });
});

/** Just enough of an SMTP server to take messages; answers every command with success. */
function fakeSmtp(): Promise<{ port: number; messages: string[]; close: () => void }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string[] | undefined;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            messages.push(data.join('\r\n'));
            data = undefined;
            socket.write('250 queued\r\n');
          } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          data = [];
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : 0,
        messages,
        close: () => server.close(),
      });
    });
  });
}
