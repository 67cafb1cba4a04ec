import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { within } from '@testing-library/react';
import { server } from '../../mocks/node';
import { createMedia, createRumination, createUser } from '../../mocks/store/factories';
import {
  memoryPhotoBackend,
  setKeptPhotoBackend,
  type KeptPhotoBackend,
} from '../../src/features/photos/kept-photos';
import { networkDown, networkUp } from '../support/network';
import { renderApp } from '../support/render-app';
import { warmUpLazyModules } from './ruminations/warm-up';
import { choosePublic, publishPubliclyWhenAsked } from './ruminations/audience-picker';
import { markFirstPublicAsked } from '../../src/features/preferences/first-public-note';

/*
 * A kept draft keeps its photos (issue 39: a restored draft came back with "0 of 6" and its
 * uploads were left on the server for the sweep): those uploaded come back with their ids and alt
 * texts and are not uploaded again; those not uploaded yet come back from this browser's copy and
 * upload then. A "reload" is a second render of the app in the same test; the kept text goes to
 * localStorage (happy-dom has no IndexedDB) and the photos' files to a Map (kept-photos.ts).
 */

warmUpLazyModules();

type App = Awaited<ReturnType<typeof renderApp>>;

let nextId: number;
/** The uploads the server answered, by their sizes. */
let uploaded: number[] = [];
let createdBodies: unknown[] = [];
let keptFiles: KeptPhotoBackend;

beforeEach(() => {
  nextId = 500;
  uploaded = [];
  createdBodies = [];
  keptFiles = memoryPhotoBackend();
  setKeptPhotoBackend(keptFiles);
  let previews = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => `blob:preview-${(previews += 1)}`,
      revokeObjectURL: () => undefined,
    }),
  );
  server.use(
    http.post('/api/media', async ({ request }) => {
      const file = (await request.formData()).get('file');
      uploaded.push(typeof file === 'object' && file !== null ? file.size : -1);
      nextId += 1;
      return HttpResponse.json({ id: nextId, width: 640, height: 480 }, { status: 201 });
    }),
    http.post('/api/ruminations', async ({ request }) => {
      createdBodies.push(await request.json());
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
});

afterEach(() => {
  networkUp();
  setKeptPhotoBackend(null);
  vi.unstubAllGlobals();
});

function photo(name: string, size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type: 'image/jpeg' });
}

async function openNew(app: App) {
  await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
  return within(await app.findByRole('dialog', { name: 'New Rumination' }));
}

async function pick(app: App, ...files: File[]) {
  await app.user.upload(app.getByTestId('photo-input') as HTMLInputElement, files);
}

function photoGroup(dialog: ReturnType<typeof within>, position: number, count: number) {
  return dialog.findByRole('group', { name: `Photo ${position} of ${count}` });
}

/** Everything the composer keeps in this browser (localStorage, happy-dom's stand-in), as text. */
function keptTexts(): string {
  return Object.entries({ ...localStorage })
    .filter(([key]) => key.startsWith('composer:'))
    .map(([, value]) => value)
    .join('\n');
}

/** The tab is closed (or the browser crashes) and the app is opened again. */
async function reload(app: App, token: string): Promise<App> {
  app.unmount();
  return renderApp('/my-ruminations', { token });
}

describe('a kept draft keeps its photos', () => {
  test('uploaded photos come back after a reload, with their alt texts, and go with the note without a second upload', async () => {
    const { token } = createUser({ username: 'alice' });
    let app = await renderApp('/my-ruminations', { token });
    let dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Two photos of the lake');
    await pick(app, photo('one.jpg', 11), photo('two.jpg', 12));
    await vi.waitFor(() => expect(dialog.getAllByText('Uploaded')).toHaveLength(2));
    await app.user.type(
      within(await photoGroup(dialog, 1, 2)).getByLabelText('Alt text'),
      'The lake at dawn',
    );
    await app.user.type(
      within(await photoGroup(dialog, 2, 2)).getByLabelText('Alt text'),
      'A heron',
    );
    await vi.waitFor(() => expect(keptTexts()).toContain('A heron'));
    expect(uploaded).toEqual([11, 12]);

    app = await reload(app, token);
    dialog = await openNew(app);
    await vi.waitFor(() =>
      expect(dialog.getByLabelText('Content')).toHaveValue('Two photos of the lake'),
    );
    expect(dialog.getByRole('status')).toHaveTextContent('Restored what you were writing.');
    expect(dialog.getByText(/^2 of 6/)).toBeInTheDocument();
    const first = within(await photoGroup(dialog, 1, 2));
    const second = within(await photoGroup(dialog, 2, 2));
    expect(first.getByLabelText('Alt text')).toHaveValue('The lake at dawn');
    expect(second.getByLabelText('Alt text')).toHaveValue('A heron');
    expect(first.getByText('Uploaded')).toBeInTheDocument();
    // Shown from this browser's copy of the file.
    await vi.waitFor(() =>
      expect(first.getByRole('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/)),
    );

    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await publishPubliclyWhenAsked(app.user);
    await vi.waitFor(() => expect(createdBodies).toHaveLength(1));
    expect(createdBodies[0]).toMatchObject({
      content: 'Two photos of the lake',
      media: [
        { id: 501, alt: 'The lake at dawn' },
        { id: 502, alt: 'A heron' },
      ],
    });
    expect(uploaded).toEqual([11, 12]);
    // Sent: neither the text nor the files stay in the browser.
    await vi.waitFor(() => expect(keptTexts()).toBe(''));
    await vi.waitFor(async () => expect(await keptFiles.keys()).toEqual([]));
  });

  test('a photo still waiting for the network when the tab closed comes back, and uploads once then', async () => {
    const { token } = createUser({ username: 'alice' });
    let app = await renderApp('/my-ruminations', { token });
    await app.findByRole('button', { name: 'New Rumination' });
    networkDown();
    let dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Written on the train');
    await pick(app, photo('train.jpg', 21));
    const waiting = within(await photoGroup(dialog, 1, 1));
    expect(waiting.getByText('Waiting for the network')).toBeInTheDocument();
    await app.user.type(waiting.getByLabelText('Alt text'), 'Fields going by');
    await vi.waitFor(() => expect(keptTexts()).toContain('Fields going by'));
    expect(keptTexts()).not.toContain('"id"');

    // Closed offline; opened again once the train is in the station.
    app.unmount();
    networkUp();
    app = await renderApp('/my-ruminations', { token });
    dialog = await openNew(app);
    const back = within(await photoGroup(dialog, 1, 1));
    expect(back.getByLabelText('Alt text')).toHaveValue('Fields going by');
    expect(dialog.getByText(/^1 of 6/)).toBeInTheDocument();
    await vi.waitFor(() => expect(back.getByText('Uploaded')).toBeInTheDocument());
    // The draft knows the upload now: another reload would not upload it again.
    await vi.waitFor(() => expect(keptTexts()).toContain('"id":501'));

    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await publishPubliclyWhenAsked(app.user);
    await vi.waitFor(() => expect(createdBodies).toHaveLength(1));
    expect(createdBodies[0]).toMatchObject({ media: [{ id: 501, alt: 'Fields going by' }] });
    expect(uploaded).toEqual([21]);
  });

  test('Discard forgets the photos with the text: nothing comes back, no file stays', async () => {
    const { token } = createUser({ username: 'alice' });
    let app = await renderApp('/my-ruminations', { token });
    let dialog = await openNew(app);
    await pick(app, photo('gone.jpg', 31));
    await vi.waitFor(() => expect(dialog.getByText('Uploaded')).toBeInTheDocument());
    expect(await keptFiles.keys()).toHaveLength(1);

    // Only a photo, no text: closing still asks.
    await app.user.keyboard('{Escape}');
    const question = await app.findByRole('alertdialog', { name: 'Discard what you wrote?' });
    await app.user.click(within(question).getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(async () => expect(await keptFiles.keys()).toEqual([]));

    app = await reload(app, token);
    dialog = await openNew(app);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.getByText(/^0 of 6/)).toBeInTheDocument();
    expect(dialog.queryByRole('group', { name: /^Photo/ })).not.toBeInTheDocument();
  });

  test('a removed photo is neither kept nor restored', async () => {
    const { token } = createUser({ username: 'alice' });
    let app = await renderApp('/my-ruminations', { token });
    let dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Only the second');
    await pick(app, photo('first.jpg', 41), photo('second.jpg', 42));
    await vi.waitFor(() => expect(dialog.getAllByText('Uploaded')).toHaveLength(2));
    await app.user.click(dialog.getByRole('button', { name: 'Remove photo 1' }));
    await vi.waitFor(async () => expect(await keptFiles.keys()).toHaveLength(1));
    await vi.waitFor(() => expect(keptTexts()).not.toContain('"id":501'));

    app = await reload(app, token);
    dialog = await openNew(app);
    expect(await photoGroup(dialog, 1, 1)).toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    await vi.waitFor(() => expect(createdBodies).toHaveLength(1));
    expect(createdBodies[0]).toMatchObject({ media: [{ id: 502, alt: '' }], publish: false });
    expect(uploaded).toEqual([41, 42]);
  });

  test('sent offline, the note takes the copy of its photo to the queue, which uploads it once and then lets it go', async () => {
    const { user, token } = createUser({ username: 'alice' });
    markFirstPublicAsked(user.id);
    const app = await renderApp('/my-ruminations', { token });
    await app.findByRole('button', { name: 'New Rumination' });
    networkDown();
    const dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'From the tunnel');
    await pick(app, photo('tunnel.jpg', 51));
    await app.user.type(
      within(await photoGroup(dialog, 1, 1)).getByLabelText('Alt text'),
      'A dark tunnel',
    );
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    // The draft is gone; the photo's copy stays, for the queue.
    await vi.waitFor(() => expect(keptTexts()).toBe(''));
    expect(await keptFiles.keys()).toHaveLength(1);

    networkUp();
    await vi.waitFor(() => expect(createdBodies).toHaveLength(1));
    expect(createdBodies[0]).toMatchObject({ media: [{ id: 501, alt: 'A dark tunnel' }] });
    expect(uploaded).toEqual([51]);
    await vi.waitFor(async () => expect(await keptFiles.keys()).toEqual([]));
  });

  test("an edit keeps what was done to the note's own photos: one removed, another described", async () => {
    const { user, token } = createUser({ username: 'alice' });
    const note = createRumination({ authorId: user.id, content: 'Our garden', audiences: [1] });
    const rose = createMedia({ ownerId: user.id, ruminationId: note.id, alt: 'A rose' });
    const tulip = createMedia({ ownerId: user.id, ruminationId: note.id, alt: '' });
    const bodies: unknown[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'PUT')
        void request
          .clone()
          .json()
          .then((body) => bodies.push(body));
    };
    server.events.on('request:start', listener);
    try {
      let app = await renderApp('/my-ruminations', { token });
      await app.user.click(await app.findByText('Our garden'));
      let dialog = within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
      await app.user.click(await dialog.findByRole('button', { name: 'Remove photo 1' }));
      await app.user.type(
        within(await photoGroup(dialog, 1, 1)).getByLabelText('Alt text'),
        'Red tulips',
      );
      await vi.waitFor(() => expect(keptTexts()).toContain('Red tulips'));

      app = await reload(app, token);
      await app.user.click(await app.findByText('Our garden'));
      dialog = within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
      const left = within(await photoGroup(dialog, 1, 1));
      expect(left.getByLabelText('Alt text')).toHaveValue('Red tulips');
      // The note's own photo shows its thumbnail, as it did.
      expect(left.getByRole('img')).toHaveAttribute(
        'src',
        expect.stringContaining(`/api/media/${tulip.id}/`),
      );
      expect(dialog.getByRole('status')).toHaveTextContent('Restored what you were writing.');

      await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
      await vi.waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({ media: [{ id: tulip.id, alt: 'Red tulips' }] });
      expect(JSON.stringify(bodies[0])).not.toContain(`"id":${rose.id}`);
      expect(uploaded).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });
});
