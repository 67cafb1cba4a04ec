/**
 * `npm run fuzz`: hostile input against the real server (`npm start`'s entry, 127.0.0.1 only).
 * About 10,000 generated requests over every route (wrong types, huge and broken strings, lone
 * surrogates, NUL, bad UTF-8 bytes, malformed JSON, odd query strings, bad tokens, other people's
 * ids, unknown paths and methods), seeded so that a run can be replayed. Prints counts by status
 * and by route; fails on any 5xx, any stack trace or SQL in a body, a request that hangs, or server
 * RSS growing more than 50 MB.
 *
 * Then the race of deletion with writes (api-contract.md "My account"), `--races` times: a fresh
 * account is deleted while ten requests of its own keep writing notes, comments and relations.
 * Fails unless the deletion answers 204, every write is acknowledged or refused as a dead token
 * (409 for a relation already asked), none is acknowledged after the deletion answered, and
 * nothing of it is left for the people it wrote to.
 *
 *   npm run fuzz -- [--requests 10000] [--seed 1] [--concurrency 8] [--races 5]
 *     [--database-url postgres://...]
 */
import { createAccount, type Account } from '../support/accounts';
import { startServer } from '../support/server-process';
import { raceDeletionWithWrites, type RaceResult } from './deletion-race';
import { generate } from './fuzz-generate';
import { args, CONCURRENCY, RACE_WRITERS, RACES, TOTAL } from './fuzz-options';
import { isBadAnswer, send, type Failure } from './fuzz-send';
import { signedInJson, type World } from './fuzz-world';

const RSS_GROWTH_LIMIT_MB = 50;

async function main() {
  const started = Date.now();
  const server = await startServer({
    label: 'fuzz',
    env: {
      RATE_LIMIT_ENABLED: 'false',
      ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
    },
  });
  try {
    const me = await createAccount(server, `fuzz_me_${args.seed}`);
    const other = await createAccount(server, `fuzz_other_${args.seed}`);
    const post = async (a: Account, url: string, body: unknown) =>
      (await (
        await fetch(`${server.baseURL}${url}`, {
          method: 'POST',
          headers: signedInJson(a),
          body: JSON.stringify(body),
        })
      ).json()) as { id: number };
    const world: World = {
      me,
      other,
      ids: { rumination: [], comment: [], relation: [], user: [me.id, other.id] },
    };
    for (const [who, audiences] of [
      [me, []],
      [me, ['Friend']],
      [other, []],
      [other, ['Therapist']],
    ] as const) {
      const r = await post(who, '/api/ruminations', {
        content: 'seed note',
        audiences,
        publish: true,
      });
      world.ids.rumination.push(r.id);
      world.ids.comment.push(
        (await post(other, '/api/comments', { content: 'seed comment', ruminationId: r.id })).id,
      );
    }
    world.ids.relation.push(
      (await post(me, '/api/UserRelations', { userId: other.id, relationType: 2 })).id,
    );

    // Warm-up, then the baseline of memory.
    for (let i = 0; i < 200; i++) await send(server.baseURL, generate(world));
    const rssBefore = server.rss();

    const byStatus = new Map<string, number>();
    const byRoute = new Map<string, Map<string, number>>();
    const failures: Failure[] = [];
    let next = 0;
    const worker = async () => {
      while (next < TOTAL) {
        next += 1;
        const g = generate(world);
        const { status, body } = await send(server.baseURL, g);
        const key = String(status);
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
        const route = `${g.method} ${g.path
          .split('?')[0]!
          .replace(/\/[^/]*\d[^/]*|\/abc|\/%[^/]*/g, '/:id')
          .slice(0, 50)}`;
        const counts = byRoute.get(route) ?? new Map<string, number>();
        counts.set(key, (counts.get(key) ?? 0) + 1);
        byRoute.set(route, counts);
        if (isBadAnswer(status, body)) failures.push({ request: g, status, body });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const rssAfter = server.rss();

    console.log(
      `fuzz: ${TOTAL} requests, seed ${args.seed}, ${CONCURRENCY} at a time, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      `by status: ${[...byStatus]
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    );
    console.log('by route (status: count):');
    for (const [route, counts] of [...byRoute].sort()) {
      console.log(
        `  ${route.padEnd(52)} ${[...counts]
          .sort()
          .map(([s, n]) => `${s}:${n}`)
          .join(' ')}`,
      );
    }
    const races: RaceResult[] = [];
    for (let round = 1; round <= RACES; round++) {
      races.push(await raceDeletionWithWrites(server, me, other, round));
    }
    const raceProblems = races.flatMap((r) => r.problems);
    console.log(
      `deletion raced with ${RACE_WRITERS} writers of its own, ${RACES} times: ${races.reduce((n, r) => n + r.acknowledged, 0)} writes acknowledged before it, ${races.reduce((n, r) => n + r.refused, 0)} refused as a dead token, ${raceProblems.length} problems`,
    );
    for (const problem of raceProblems.slice(0, 10)) console.log(`FAILED race: ${problem}`);
    const growth = rssAfter - rssBefore;
    console.log(
      `server RSS: ${rssBefore.toFixed(1)} MB after warm-up, ${rssAfter.toFixed(1)} MB at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB; limit +${RSS_GROWTH_LIMIT_MB})`,
    );
    for (const f of failures.slice(0, 10)) {
      const shown = f.request.raw
        ? `<${f.request.raw.length} raw bytes>`
        : JSON.stringify(f.request.body)?.slice(0, 200);
      console.log(
        `FAILED ${f.request.method} ${f.request.path.slice(0, 120)} ${shown ?? ''}\n  -> ${f.status} ${f.body.slice(0, 300)}`,
      );
    }
    const ok = failures.length === 0 && growth <= RSS_GROWTH_LIMIT_MB && raceProblems.length === 0;
    console.log(
      ok
        ? 'OK: no 5xx, no stack trace or SQL in a body, memory steady, deletion excludes its writes'
        : `FAILED: ${failures.length} bad answers${growth > RSS_GROWTH_LIMIT_MB ? ', RSS grew too much' : ''}${raceProblems.length > 0 ? `, ${raceProblems.length} problems in the race of deletion with writes` : ''}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
