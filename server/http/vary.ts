import type { FastifyReply } from 'fastify';

/**
 * Adds `field` to the answer's Vary (a cache keeps one answer per value of that request header),
 * keeping what is there: an answer may vary by its language and by its compression at once.
 */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) return;
  void reply.header('vary', [...fields, field].join(', '));
}
