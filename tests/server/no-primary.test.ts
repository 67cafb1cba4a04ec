import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { NoPrimaryError } from '../../server/db/connection-errors';
import { installErrorHandling } from '../../server/http/error-handler';

describe('a request while the database has no primary (a failover under way)', () => {
  it('answers 503 with Retry-After, not 500, so that the client sends it again', async () => {
    const app = Fastify();
    installErrorHandling(app, false);
    app.post('/api/write', () => {
      throw new NoPrimaryError('no node accepted writes within 5000 ms');
    });
    const res = await app.inject({ method: 'POST', url: '/api/write' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({
      status: 503,
      title: 'The service is briefly unavailable; please try again shortly',
    });
    await app.close();
  });
});
