import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPushReceiver, type ReceivedPush } from '../../support/web-push-receiver';

/**
 * The journeys' push service (Chromium here cannot reach FCM): tests/support/web-push-receiver.ts
 * on 127.0.0.1, started once by the global setup, whose origin every journey server lists in
 * PUSH_ALLOWED_ORIGINS (e2e-server.ts). The spec workers are other processes, so a second small
 * HTTP server beside it tells them what it received: GET /received?path=/push/... answers the
 * requests for that endpoint as JSON, bodies in base64.
 */

export interface RunningPushService {
  /** The push service's origin (E2E_PUSH_ORIGIN). */
  origin: string;
  /** Where the workers ask what it received (E2E_PUSH_INSPECT_URL). */
  inspectURL: string;
  close(): Promise<void>;
}

interface ReceivedJson {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** Global setup: the push service and its inspection server. */
export async function startPushService(): Promise<RunningPushService> {
  const receiver = await startPushReceiver();
  const inspector = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.searchParams.get('path');
    if (req.method !== 'GET' || url.pathname !== '/received' || path === null) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const list: ReceivedJson[] = receiver.received
      .filter((r) => r.path === path)
      .map((r) => ({ ...r, body: r.body.toString('base64') }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => inspector.listen(0, '127.0.0.1', resolve));
  return {
    origin: receiver.origin,
    inspectURL: `http://127.0.0.1:${(inspector.address() as AddressInfo).port}/received`,
    async close() {
      inspector.closeAllConnections();
      await new Promise<void>((resolve) => inspector.close(() => resolve()));
      await receiver.close();
    },
  };
}

function env(name: 'E2E_PUSH_ORIGIN' | 'E2E_PUSH_INSPECT_URL'): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run through playwright.config.ts (global setup)`);
  return value;
}

/** A fresh endpoint on the journeys' push service, as a browser's subscription would have. */
export function pushEndpoint(name = 'device'): string {
  return `${env('E2E_PUSH_ORIGIN')}/push/${name}-${randomBytes(9).toString('base64url')}`;
}

/** What the push service received for an endpoint so far, oldest first. */
export async function receivedFor(endpoint: string): Promise<ReceivedPush[]> {
  const url = new URL(env('E2E_PUSH_INSPECT_URL'));
  url.searchParams.set('path', new URL(endpoint).pathname);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`push service inspection: ${response.status}`);
  const list = (await response.json()) as ReceivedJson[];
  return list.map((r) => ({ ...r, body: Buffer.from(r.body, 'base64') }));
}
