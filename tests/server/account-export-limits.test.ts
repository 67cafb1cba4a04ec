import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import type { LightMyRequestResponse as Response } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PROBLEMS, EXPORT_RETRY_AFTER_SECONDS } from '../../src/domain/account-decisions';
import { authHeader, setUpTestApp } from './support/test-app';
import { call, person, type Person } from './ruminations-support';

/**
 * Exports never hold up other people (api-contract.md "My account"): an account runs one export
 * at a time (a second concurrent one: 429 with Retry-After), agreed through the database so that
 * every instance sees it; an instance runs at most EXPORTS_PER_INSTANCE (2 here); and while an
 * export runs, other requests are answered. Runs on SQLite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 *
 * An export is held open the way a slow client holds it: its body is not read, so the server
 * waits for room to write the next page.
 */

/** Called when an export's body starts (the onSend hook below): the export is running. */
let onExportStart: (() => void) | undefined;

const t = setUpTestApp({
  extraRoutes: (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api/account/export') && reply.statusCode === 200) {
        onExportStart?.();
      }
      return payload;
    });
  },
});

/** Notes of about 12 MB of JSON: more than the sockets of a paused download buffer. */
const BIG_NOTES = 8_000;
let big: Person;
/** Notes of about 450 KB: more than a paused in-process download buffers. */
let medium: Person;
let small: Person;
let reader: Person;
let baseUrl: string;

async function giveNotes(author: Person, count: number, chars: number): Promise<void> {
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let from = 0; from < count; from += 500) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + 500); i++) {
      const time = new Date(start + i * 1000).toISOString();
      rows.push({
        author_id: author.id,
        content: randomBytes(chars / 2).toString('hex'),
        is_published: 1 as const,
        audience_mask: 0,
        create_tms: time,
        update_tms: time,
      });
    }
    await t.db.insertInto('ruminations').values(rows).execute();
  }
}

beforeAll(async () => {
  big = await person(t);
  medium = await person(t);
  small = await person(t);
  reader = await person(t);
  await giveNotes(big, BIG_NOTES, 1_500);
  await giveNotes(medium, 300, 1_500);
  await giveNotes(small, 3, 100);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);

const exportOf = (as: Person, format = 'json') =>
  call(t, 'GET', `/api/account/export?format=${format}`, { as });

/** An export whose body nobody reads yet: it stays running until `stream` is read or dropped. */
async function holdExport(as: Person): Promise<Readable> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/account/export?format=json',
    headers: authHeader(as.token),
    payloadAsStream: true,
  });
  expect(res.statusCode).toBe(200);
  return res.stream();
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `ask` again while it answers 429: an export whose client went away gives its lease back once
 * the server has noticed, a moment after the client closed its end.
 */
async function onceFree(ask: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await ask();
    if (res.statusCode !== 429 || attempt >= 50) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function expectBusy(res: Response, title: string): void {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status: 429, title });
}

describe('one export at a time per account', () => {
  it('answers 429 with Retry-After to a second export while the first streams, and starts one after it ended', async () => {
    const first = await holdExport(big);

    expectBusy(await exportOf(big, 'markdown'), EXPORT_PROBLEMS.accountExportRunning.title);
    expectBusy(await exportOf(big, 'json'), EXPORT_PROBLEMS.accountExportRunning.title);
    // Someone else's export is theirs to run.
    expect((await exportOf(small)).statusCode).toBe(200);

    // The first one was not disturbed: it holds every note.
    const data = JSON.parse(await readAll(first)) as { ruminations: unknown[] };
    expect(data.ruminations).toHaveLength(BIG_NOTES);

    // Once a client holds the whole file, the account may export again.
    const next = await exportOf(big, 'markdown');
    expect(next.statusCode).toBe(200);
    expect(next.headers['content-type']).toBe('application/zip');
  });

  it('gives the account back when the client of its export goes away', async () => {
    const request = http.get(`${baseUrl}/api/account/export?format=json`, {
      headers: authHeader(big.token),
    });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', resolve).once('error', reject);
    });
    expect(response.statusCode).toBe(200);
    // Paused: not a byte read, so the server waits with the rest of 12 MB to write.
    expectBusy(await exportOf(big), EXPORT_PROBLEMS.accountExportRunning.title);

    request.on('error', () => {});
    request.destroy();
    const after = await onceFree(() => exportOf(big));
    expect(after.statusCode).toBe(200);
    expect(JSON.parse(after.body)).toMatchObject({ account: { id: big.id } });
  });

  it('is refused while another instance holds its lease, until that lease lapses', async () => {
    // What an instance sharing the database leaves while its export of `small` runs.
    await t.db
      .insertInto('export_leases')
      .values({ user_id: small.id, holder: 'another-instance', expires_at: Date.now() + 60_000 })
      .execute();
    expectBusy(await exportOf(small), EXPORT_PROBLEMS.accountExportRunning.title);

    // That instance died: its lease was renewed for the last time long enough ago.
    await t.db
      .updateTable('export_leases')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', small.id)
      .execute();
    expect((await exportOf(small)).statusCode).toBe(200);
  });
});

describe('a bound on the exports of one instance', () => {
  it('answers 429 with Retry-After beyond EXPORTS_PER_INSTANCE, and starts one when a running one ends', async () => {
    const first = await holdExport(big);
    const second = await holdExport(medium);

    expectBusy(await exportOf(small), EXPORT_PROBLEMS.instanceExportsFull.title);

    await readAll(second);
    expect((await exportOf(small)).statusCode).toBe(200);
    await readAll(first);
  });
});

describe('other people while an export runs', () => {
  it('answers a request that came after a large export started before that export ends', async () => {
    const order: string[] = [];
    let publicAnswered: Promise<void> | undefined;
    // Over a socket, as a browser asks: its bytes wait for the server's event loop to read them.
    onExportStart = () => {
      onExportStart = undefined;
      publicAnswered = new Promise<void>((resolve, reject) => {
        http
          .get(
            `${baseUrl}/api/ruminations/public`,
            { headers: authHeader(reader.token) },
            (res) => {
              res.resume();
              res.once('end', () => {
                order.push(`public ${res.statusCode}`);
                resolve();
              });
            },
          )
          .once('error', reject);
      });
    };

    const exported = await exportOf(big);
    order.push(`export ${exported.statusCode}`);
    await publicAnswered;

    expect(order).toEqual(['public 200', 'export 200']);
  });
});
