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

  it('answers 503 too when the connection is lost or the server turned read-only mid-request', async () => {
    const app = Fastify();
    installErrorHandling(app, false);
    const thrown = [
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('cannot execute INSERT in a read-only transaction'), {
        code: '25006',
      }),
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ];
    thrown.forEach((error, i) =>
      app.post(`/api/write/${i}`, () => {
        throw error;
      }),
    );
    // A bug is still a bug, and a missing file is not the database.
    app.post('/api/bug', () => {
      throw Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), {
        code: 'ENOENT',
      });
    });
    for (let i = 0; i < thrown.length; i++) {
      const res = await app.inject({ method: 'POST', url: `/api/write/${i}` });
      expect(res.statusCode, thrown[i]!.message).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    }
    expect((await app.inject({ method: 'POST', url: '/api/bug' })).statusCode).toBe(500);
    await app.close();
  });
});
