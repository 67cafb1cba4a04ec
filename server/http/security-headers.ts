import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's settings for every answer: a strict Content-Security-Policy and its companions. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix dialogs inject a <style> element for scroll locking; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: the composer's previews of photos still uploading (object URLs of the picked files).
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets, computed once. @fastify/helmet builds helmet's middleware (and parses
 * the CSP directives) on every request, a few percent of a short API call; our headers do not vary
 * per request (no nonces), so helmet runs once here against a stand-in response and app.ts adds
 * the result to every answer.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
