import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * Pino options of the server. Logs never hold passwords or tokens: request bodies are not logged,
 * the authorization header and anything named like a secret are redacted, and a token in a query
 * string (activation links) is masked. The one deliberate exception are the email links the outbox
 * mailer prints when no SMTP server is configured.
 */

export function maskTokens(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[REDACTED]');
}

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.newPassword',
        '*.confirmPassword',
        '*.accessToken',
        '*.token',
        'body',
        '*.body',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: maskTokens(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
