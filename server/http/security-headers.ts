import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's settings for every answer: a strict Content-Security-Policy and its companions.
 * `inlineScripts`: the hashes of index.html's own inline scripts (inline-scripts.ts).
 */
const helmetOptions = (inlineScripts: string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
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
});

/**
 * The headers helmet sets, computed once. @fastify/helmet builds helmet's middleware (and parses
 * the CSP directives) on every request, a few percent of a short API call; our headers do not vary
 * per request (no nonces), so helmet runs once here against a stand-in response and app.ts adds
 * the result to every answer.
 */
export function securityHeaders(inlineScripts: string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(helmetOptions(inlineScripts))({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * What a file of the build's assets/ carries of those: a script or a style sheet is no document,
 * so a policy for documents (CSP, frame and opener rules, referrer, HSTS, which the page's own
 * answer gives) does nothing on it and cost about 0.7 KB per file on a first visit. `nosniff` keeps
 * the browser from running it as anything but its type; the resource policy keeps other sites from
 * embedding it.
 */
export function assetHeaders(all: Record<string, string>): Record<string, string> {
  const kept = ['x-content-type-options', 'cross-origin-resource-policy'];
  return Object.fromEntries(Object.entries(all).filter(([name]) => kept.includes(name)));
}
