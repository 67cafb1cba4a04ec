import { expect } from 'vitest';
import type { RunningServer } from '../../../scripts/support/server-process';
import { SseReader } from './sse-reader';

/**
 * Calls to real server processes (server-instance.ts), for the tests of several instances: what
 * they say, as a client over HTTP sees it.
 */

export interface InstanceAnswer {
  status: number;
  json: unknown;
  retryAfter: string | null;
}

export async function callInstance(
  instance: RunningServer,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  clientAddress?: string,
): Promise<InstanceAnswer> {
  const res = await fetch(`${instance.baseURL}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? (JSON.parse(text) as unknown) : undefined,
    retryAfter: res.headers.get('retry-after'),
  };
}

/**
 * Opens a notification stream on `instance`, once its first `unread` event has come; `aborts`
 * collects its controller, for the test to close every stream it opened.
 */
export async function openStream(
  instance: RunningServer,
  token: string,
  aborts: AbortController[],
): Promise<SseReader> {
  const controller = new AbortController();
  aborts.push(controller);
  const res = await fetch(`${instance.baseURL}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const sse = new SseReader(res);
  await sse.until(() => sse.named('unread').length > 0, 2000, 'the first unread');
  return sse;
}

/** Asks `userId` to be Friends, through `instance`. */
export async function requestFriendOn(
  instance: RunningServer,
  token: string,
  userId: number,
): Promise<{ id: number }> {
  const answer = await callInstance(instance, 'POST', '/api/UserRelations', token, {
    userId,
    relationType: 2,
  });
  expect(answer.status).toBe(201);
  return answer.json as { id: number };
}
