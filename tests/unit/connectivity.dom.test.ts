import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  fetchNoticingConnectivity,
  noticeAnswer,
  PROBE_INTERVAL_MS,
} from '../../src/lib/connectivity';

/**
 * The browser may say it is online while nothing reaches the server (no `offline` event comes):
 * a call with no answer takes the app offline, and it comes back when the server answers again.
 */
describe('connectivity as the API calls see it', () => {
  const network = { up: true, calls: [] as string[] };

  beforeEach(() => {
    vi.useFakeTimers();
    network.up = true;
    network.calls = [];
    onlineManager.setOnline(true);
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      network.calls.push(String(input));
      return network.up
        ? Promise.resolve(new Response('{}', { status: 200 }))
        : Promise.reject(new TypeError('Failed to fetch'));
    });
  });

  afterEach(() => {
    noticeAnswer(); // stops asking, online again
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  test('a call with no answer takes the app offline, though the browser says it is online', async () => {
    network.up = false;
    await expect(fetchNoticingConnectivity('/api/ruminations/my')).rejects.toThrow(TypeError);
    expect(navigator.onLine).toBe(true);
    expect(onlineManager.isOnline()).toBe(false);
  });

  test('offline, the app asks the server again now and then, and is online once it answers', async () => {
    network.up = false;
    await expect(fetchNoticingConnectivity('/api/my-feed')).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(network.calls).toEqual(['/api/my-feed', '/api/health']);
    expect(onlineManager.isOnline()).toBe(false);

    network.up = true;
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(network.calls.at(-1)).toBe('/api/health');
    expect(onlineManager.isOnline()).toBe(true);
    // Back online, it stops asking.
    const asked = network.calls.length;
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(network.calls).toHaveLength(asked);
  });

  test('the late answer of a call made before the browser lost its network leaves the app offline', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      onlineManager.setOnline(false);
      await fetchNoticingConnectivity('/api/account/preferences');
      expect(onlineManager.isOnline()).toBe(false);
    } finally {
      onLine.mockRestore();
    }
  });

  test('any answer, even an error status, means the server is reachable', async () => {
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 })));
    const response = await fetchNoticingConnectivity('/api/terms/current');
    expect(response.status).toBe(503);
    expect(onlineManager.isOnline()).toBe(true);
  });

  test('a call the app cancelled itself says nothing about the network', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(fetchNoticingConnectivity('/api/search')).rejects.toThrow('aborted');
    expect(onlineManager.isOnline()).toBe(true);
  });
});
