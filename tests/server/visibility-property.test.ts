import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rumination } from '../../src/api/rumination-schemas';
import type { RelationType } from '../../src/domain/relation-types';
import { canView, type RelationFact, type RelationState } from '../../src/domain/visibility';
import { setUpTestApp } from './support/test-app';
import { call, idsOf, person, relation, writeRumination, type Person } from './ruminations-support';

/**
 * Random small social graphs (people, relations of every type, direction and state, ruminations
 * with random audiences, drafts among them): every list call and GET by id must return exactly what
 * canView of src/domain/visibility.ts allows. Each graph has new people in one shared database, so
 * lists that are not narrowed to one person are compared on the graph's own ruminations.
 */

const relationType = fc.integer({ min: 0, max: 5 }) as fc.Arbitrary<RelationType>;
const state = fc.constantFrom<RelationState>('pending', 'accepted', 'rejected', 'deleted');

const graph = fc.integer({ min: 2, max: 4 }).chain((people) =>
  fc.record({
    people: fc.constant(people),
    relations: fc.array(
      fc.record({
        initiator: fc.nat(people - 1),
        receiver: fc.nat(people - 1),
        type: relationType,
        state,
      }),
      { maxLength: 8 },
    ),
    ruminations: fc.array(
      fc.record({
        author: fc.nat(people - 1),
        published: fc.boolean(),
        audiences: fc.uniqueArray(relationType, { maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  }),
);

type Graph = typeof graph extends fc.Arbitrary<infer G> ? G : never;

const t = setUpTestApp();

async function build(g: Graph) {
  const people: Person[] = [];
  for (let i = 0; i < g.people; i++) people.push(await person(t));
  const facts: RelationFact[] = [];
  for (const r of g.relations) {
    if (r.initiator === r.receiver) continue;
    const initiator = people[r.initiator]!;
    const receiver = people[r.receiver]!;
    await relation(t.db, initiator, receiver, r.type, r.state);
    facts.push({
      type: r.type,
      initiatorId: initiator.id,
      receiverId: receiver.id,
      state: r.state,
    });
  }
  const ruminations: Rumination[] = [];
  for (const r of g.ruminations) {
    ruminations.push(
      await writeRumination(t, people[r.author]!, {
        audiences: r.audiences,
        publish: r.published,
      }),
    );
  }
  return { people, facts, ruminations };
}

describe('visibility over random social graphs', () => {
  it('every list and GET by id returns exactly what canView allows', async () => {
    await fc.assert(
      fc.asyncProperty(graph, async (g) => {
        const { people, facts, ruminations } = await build(g);
        const mine = new Set(ruminations.map((r) => r.id));
        const facts0 = (r: Rumination) => ({
          authorId: r.createdBy.id,
          isPublished: r.isPublished,
          audiences: r.audiences.map((a) => a.relationType),
        });
        const desc = (list: Rumination[]) => list.map((r) => r.id).sort((a, b) => b - a);
        const related = (a: number, b: number) =>
          facts.some(
            (f) =>
              f.state === 'accepted' &&
              ((f.initiatorId === a && f.receiverId === b) ||
                (f.initiatorId === b && f.receiverId === a)),
          );
        const get = async (url: string, as: Person | null) => {
          const res = await call(t, 'GET', url, { as });
          expect(res.statusCode, url).toBe(200);
          return idsOf(res).filter((id) => mine.has(id));
        };

        for (const viewer of [null, ...people]) {
          const viewerId = viewer?.id ?? null;
          const visible = ruminations.filter((r) => canView(facts0(r), viewerId, facts));

          for (const r of ruminations) {
            const res = await call(t, 'GET', `/api/ruminations/${r.id}`, { as: viewer });
            expect(res.statusCode).toBe(visible.includes(r) ? 200 : 404);
          }

          // This graph's ruminations are the newest of all, so one page of their number holds
          // every public one of them.
          const isPublic = (r: Rumination) => r.isPublished && r.audiences.length === 0;
          expect(await get(`/api/ruminations/public?Limit=${ruminations.length}`, viewer)).toEqual(
            desc(ruminations.filter(isPublic)),
          );
          for (const author of people) {
            const url = `/api/ruminations/public?UserId=${author.id}`;
            const byAuthor = (r: Rumination) => r.createdBy.id === author.id && r.isPublished;
            expect(await get(`${url}&isPublic=false`, viewer)).toEqual(
              desc(visible.filter(byAuthor)),
            );
            expect(await get(`${url}&isPublic=true`, viewer)).toEqual(
              desc(ruminations.filter((r) => byAuthor(r) && isPublic(r))),
            );
          }

          if (viewer !== null) {
            expect(await get('/api/ruminations/my?Limit=100', viewer)).toEqual(
              desc(ruminations.filter((r) => r.createdBy.id === viewer.id)),
            );
            expect(await get('/api/ruminations/feed?Limit=100', viewer)).toEqual(
              desc(
                visible.filter(
                  (r) =>
                    r.isPublished &&
                    r.createdBy.id !== viewer.id &&
                    related(r.createdBy.id, viewer.id),
                ),
              ),
            );
          }
        }
      }),
      { numRuns: 35 },
    );
  }, 60_000);
});
