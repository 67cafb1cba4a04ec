import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { offlineWriteOptions } from '../../../src/features/offline/offline-writes';
import {
  keepPhoto,
  loadKeptPhoto,
  memoryPhotoBackend,
  noteKeptPhotoUploaded,
  setKeptPhotoBackend,
  type KeptPhotoBackend,
} from '../../../src/features/photos/kept-photos';
import {
  newRuminationWrite,
  ruminationWrites,
  type CreateRuminationWrite,
} from '../../../src/features/ruminations/rumination-writes';
import { TOKEN_KEY } from '../../../src/lib/token-storage';

/*
 * A note written offline with photos (issue 27): the queue uploads each kept photo, then sends the
 * note with their ids, once (its Idempotency-Key); an id is remembered as soon as the server gives
 * it (in the queued write and beside the kept blob), so that a retry, or a retry after a reload,
 * uploads nothing twice; the kept blobs go once the note is acknowledged.
 */

let backend: KeptPhotoBackend;
let uploads: number;
let notes: { key: string | null; body: unknown }[];
/** How the next note POSTs answer: 'lost' (no answer), 500, or 201. */
let noteAnswers: ('lost' | 500 | 201)[];

beforeEach(() => {
  backend = memoryPhotoBackend();
  setKeptPhotoBackend(backend);
  localStorage.setItem(TOKEN_KEY, 'header.eyJzdWIiOiI3In0.sig');
  uploads = 0;
  notes = [];
  noteAnswers = [];
  server.use(
    // A lost answer takes the app offline; its probe finds the server again.
    http.get('/api/health', () => HttpResponse.json({ status: 'ok' })),
    http.post('/api/media', () => {
      uploads += 1;
      return HttpResponse.json({ id: 500 + uploads, width: 4, height: 3 }, { status: 201 });
    }),
    http.post('/api/ruminations', async ({ request }) => {
      notes.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      const answer = noteAnswers.shift() ?? 201;
      if (answer === 'lost') return HttpResponse.error();
      if (answer === 500) {
        return HttpResponse.json({ title: 'Something broke', status: 500 }, { status: 500 });
      }
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
});

afterEach(() => {
  setKeptPhotoBackend(null);
  onlineManager.setOnline(true);
});

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.unmount();
});

/** Mounted as the app's is: paused writes resume when the network returns. */
function queryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { mutations: { retryDelay: 10 } } });
  client.mount();
  clients.push(client);
  return client;
}

async function offlineNoteWithTwoPhotos(): Promise<CreateRuminationWrite> {
  const first = await keepPhoto(7, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }));
  const second = await keepPhoto(7, new Blob([new Uint8Array([4, 5])], { type: 'image/png' }));
  return newRuminationWrite(
    { content: 'A walk by the river', publish: true },
    undefined,
    new Date('2026-11-26T08:00:00Z'),
    [
      { kept: first, alt: 'The river at dawn' },
      { id: 42, alt: 'Uploaded before the network went' },
      { kept: second, alt: '' },
    ],
  );
}

function run(client: QueryClient, write: CreateRuminationWrite) {
  const observer = new MutationObserver(
    client,
    offlineWriteOptions(ruminationWrites.create, client),
  );
  return observer.mutate(write);
}

describe('a queued note with photos', () => {
  test('waits offline, then uploads each photo once and sends the note once with their ids in order', async () => {
    const client = queryClient();
    const write = await offlineNoteWithTwoPhotos();
    onlineManager.setOnline(false);
    const sending = run(client, write);
    await new Promise((r) => setTimeout(r, 50));
    expect(uploads).toBe(0);
    expect(notes).toHaveLength(0);

    onlineManager.setOnline(true);
    await sending;
    expect(uploads).toBe(2);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.key).toBe(write.idempotencyKey);
    expect(notes[0]!.body).toMatchObject({
      content: 'A walk by the river',
      media: [
        { id: 501, alt: 'The river at dawn' },
        { id: 42, alt: 'Uploaded before the network went' },
        { id: 502, alt: '' },
      ],
    });
    // Acknowledged: the kept blobs are gone.
    expect(await backend.keys()).toEqual([]);
  });

  test('a note whose answer was lost is sent again with the same key and ids, no photo uploaded twice', async () => {
    const client = queryClient();
    const write = await offlineNoteWithTwoPhotos();
    noteAnswers = ['lost', 'lost'];
    await run(client, write);
    expect(uploads).toBe(2);
    expect(notes).toHaveLength(3);
    expect(new Set(notes.map((n) => n.key))).toEqual(new Set([write.idempotencyKey]));
    expect(new Set(notes.map((n) => JSON.stringify(n.body))).size).toBe(1);
    // The queued write itself holds the ids (it is what the queue stores).
    expect(write.photos?.map((p) => p.id)).toEqual([501, 42, 502]);
  });

  test("retried after a failure (the pending list's Retry, or after a reload) it uploads nothing again", async () => {
    const client = queryClient();
    const write = await offlineNoteWithTwoPhotos();
    noteAnswers = [500];
    await expect(run(client, write)).rejects.toThrow('Something broke');
    expect(uploads).toBe(2);
    // Kept until the note is acknowledged.
    expect(await backend.keys()).toHaveLength(2);

    // As stored and read back after a reload: plain data, the ids in it.
    const restored = JSON.parse(JSON.stringify(write)) as CreateRuminationWrite;
    await run(queryClient(), restored);
    expect(uploads).toBe(2);
    expect(notes).toHaveLength(2);
    expect(notes[1]!.body).toEqual(notes[0]!.body);
    expect(await backend.keys()).toEqual([]);
  });

  test('a page closed between an upload and storing the write: the id kept beside the blob is used', async () => {
    const write = await offlineNoteWithTwoPhotos();
    const firstKey = write.photos![0]!.kept!;
    await noteKeptPhotoUploaded(firstKey, { id: 900, width: 1, height: 1 });
    expect((await loadKeptPhoto(firstKey))?.uploaded?.id).toBe(900);
    await run(queryClient(), write);
    expect(uploads).toBe(1);
    expect(notes[0]!.body).toMatchObject({
      media: [{ id: 900 }, { id: 42 }, { id: 501 }],
    });
  });

  test('a photo the browser no longer keeps is left out; the note still goes', async () => {
    const write = await offlineNoteWithTwoPhotos();
    await backend.delMany([write.photos![0]!.kept!]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await run(queryClient(), write);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(notes[0]!.body).toMatchObject({ media: [{ id: 42 }, { id: 501 }] });
  });
});
