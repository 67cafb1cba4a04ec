import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { deferred, logRequests } from '../ruminations/request-log';
import { warmUpLazyModules } from '../ruminations/warm-up';
import { choosePublic, publishPubliclyWhenAsked } from '../ruminations/audience-picker';

/*
 * The composer's photos (issue 27): added by the button, a drop or a paste, uploaded at once with
 * progress, described, reordered and removed, at most six, a refusal shown by the photo, and the
 * note sent with `media` in order once every photo is uploaded. POST /api/media is answered here
 * (the mock's decoding is not what these tests are about); the note's POST is recorded and answered
 * 201 so that the ids made up here need not exist in the mock store.
 */

const log = logRequests();
warmUpLazyModules();

type App = Awaited<ReturnType<typeof renderApp>>;

let nextId = 100;
/** The uploads the server "received", in order, by their sizes. */
let uploaded: string[] = [];
let createdBodies: unknown[] = [];

beforeEach(() => {
  uploaded = [];
  createdBodies = [];
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
      // Its size, which identifies the test's files as well as their names.
      uploaded.push(typeof file === 'object' && file !== null ? String(file.size) : '?');
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
  vi.unstubAllGlobals();
});

/** A file of `size` bytes that starts as a JPEG does (the handler here reads only its size). */
function photo(name: string, size = 10): File {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type: name.endsWith('.png') ? 'image/png' : 'image/jpeg' });
}

async function openNew(app: App) {
  await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
  return within(await app.findByRole('dialog', { name: 'New Rumination' }));
}

function fileInput(app: App): HTMLInputElement {
  return app.getByTestId('photo-input') as unknown as HTMLInputElement;
}

async function pick(app: App, ...files: File[]) {
  await app.user.upload(fileInput(app), files);
}

async function photoGroups(dialog: ReturnType<typeof within>) {
  return dialog.findAllByRole('group', { name: /^Photo \d of \d$/ });
}

async function signedIn() {
  const { token } = createUser({ username: 'alice' });
  const app = await renderApp('/my-ruminations', { token });
  const dialog = await openNew(app);
  return { app, dialog };
}

describe('the composer takes photos', () => {
  test('by the button: uploaded at once, described, and sent in order with the note', async () => {
    const { app, dialog } = await signedIn();
    expect(dialog.getByRole('button', { name: 'Add photos' })).toBeEnabled();
    await pick(app, photo('one.jpg', 11), photo('two.jpg', 12));
    await vi.waitFor(() => expect(dialog.getAllByText('Uploaded')).toHaveLength(2));
    expect(uploaded).toEqual(['11', '12']);

    const [first, second] = await photoGroups(dialog);
    // Why alt text matters is said beside the field.
    expect(within(first!).getByLabelText('Alt text')).toHaveAccessibleDescription(
      /People who use screen readers hear this/,
    );
    await app.user.type(within(first!).getByLabelText('Alt text'), 'The first one');
    await app.user.type(within(second!).getByLabelText('Alt text'), 'The second one');
    // The second goes first.
    await app.user.click(dialog.getByRole('button', { name: 'Move photo 2 earlier' }));
    const reordered = await photoGroups(dialog);
    expect(within(reordered[0]!).getByLabelText('Alt text')).toHaveValue('The second one');

    await app.user.type(dialog.getByLabelText('Content'), 'Two photos of the day');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await publishPubliclyWhenAsked(app.user);
    await vi.waitFor(() => expect(createdBodies).toHaveLength(1));
    expect(createdBodies[0]).toMatchObject({ content: 'Two photos of the day' });
    const media = (createdBodies[0] as { media: { id: number; alt: string }[] }).media;
    expect(media.map((m) => m.alt)).toEqual(['The second one', 'The first one']);
    expect(media[0]!.id).toBeGreaterThan(media[1]!.id);
  });

  test('shows progress while a photo uploads, and the note waits for it on Publish', async () => {
    const answer = deferred();
    server.use(
      http.post('/api/media', async () => {
        await answer.promise;
        return HttpResponse.json({ id: 77, width: 10, height: 10 }, { status: 201 });
      }),
    );
    const { app, dialog } = await signedIn();
    await pick(app, photo('slow.jpg'));
    expect(
      await dialog.findByRole('progressbar', { name: 'Uploading photo 1' }),
    ).toBeInTheDocument();
    await app.user.type(dialog.getByLabelText('Content'), 'Waits for its photo');
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    expect(await dialog.findByText('Waiting for the photos to upload...')).toBeInTheDocument();
    expect(createdBodies).toHaveLength(0);
    answer.resolve();
    await vi.waitFor(() => expect(createdBodies).toHaveLength(1));
    expect(createdBodies[0]).toMatchObject({ media: [{ id: 77, alt: '' }], publish: false });
  });

  test('by a drop onto the composer and by a paste into the text', async () => {
    const { app, dialog } = await signedIn();
    const form = dialog.getByLabelText('Content').closest('form')!;
    fireEvent.dragOver(form, { dataTransfer: { types: ['Files'], files: [] } });
    expect(await dialog.findByText(/drop them here/)).toBeInTheDocument();
    fireEvent.drop(form, {
      dataTransfer: { types: ['Files'], files: [photo('dropped.jpg', 21)] },
    });
    fireEvent.paste(dialog.getByLabelText('Content'), {
      clipboardData: { types: ['Files'], files: [photo('pasted.png', 22)] },
    });
    await vi.waitFor(() => expect(dialog.getAllByText('Uploaded')).toHaveLength(2));
    expect(uploaded).toEqual(['21', '22']);
    // A text paste still goes into the text.
    await app.user.click(dialog.getByLabelText('Content'));
    await app.user.paste('plain words');
    expect(dialog.getByLabelText('Content')).toHaveValue('plain words');
  });

  test('at most six: the seventh is refused with a message, the six kept', async () => {
    const { app, dialog } = await signedIn();
    await pick(app, ...['1', '2', '3', '4', '5', '6', '7'].map((n) => photo(`${n}.jpg`)));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'A note holds at most 6 photos: 1 photo was not added.',
    );
    expect(await photoGroups(dialog)).toHaveLength(6);
    expect(dialog.getByRole('button', { name: 'Add photos' })).toBeDisabled();
    await vi.waitFor(() => expect(uploaded).toHaveLength(6));
    // Removing one makes room again.
    await app.user.click(dialog.getByRole('button', { name: 'Remove photo 3' }));
    expect(await photoGroups(dialog)).toHaveLength(5);
    expect(dialog.getByRole('button', { name: 'Add photos' })).toBeEnabled();
  });

  test("a refused upload shows the server's title by the photo, with Retry and Remove", async () => {
    let refuse = true;
    server.use(
      http.post('/api/media', () =>
        refuse
          ? HttpResponse.json(
              { type: 'about:blank', title: 'Your photo storage is full', status: 413 },
              { status: 413, headers: { 'Content-Type': 'application/problem+json' } },
            )
          : HttpResponse.json({ id: 55, width: 1, height: 1 }, { status: 201 }),
      ),
    );
    const { app, dialog } = await signedIn();
    await pick(app, photo('big.jpg'));
    const [group] = await photoGroups(dialog);
    expect(await within(group!).findByRole('alert')).toHaveTextContent(
      'Your photo storage is full',
    );
    // Not sent while a photo is refused.
    await app.user.type(dialog.getByLabelText('Content'), 'Not yet');
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    expect(
      await dialog.findByText('A photo was not uploaded: retry or remove it first.'),
    ).toBeInTheDocument();
    expect(createdBodies).toHaveLength(0);

    refuse = false;
    await app.user.click(dialog.getByRole('button', { name: 'Retry photo 1' }));
    await vi.waitFor(() => expect(dialog.getByText('Uploaded')).toBeInTheDocument());
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    await vi.waitFor(() => expect(createdBodies).toHaveLength(1));
    expect(createdBodies[0]).toMatchObject({ media: [{ id: 55, alt: '' }] });
    expect(log.to('/api/media', 'POST')).toHaveLength(2);
  });

  test('a removed photo is not sent; a note without photos sends no media', async () => {
    const { app, dialog } = await signedIn();
    await pick(app, photo('gone.jpg'));
    await vi.waitFor(() => expect(dialog.getByText('Uploaded')).toBeInTheDocument());
    await app.user.click(dialog.getByRole('button', { name: 'Remove photo 1' }));
    expect(dialog.queryByRole('group', { name: /^Photo/ })).not.toBeInTheDocument();
    await app.user.type(dialog.getByLabelText('Content'), 'Words only');
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    await vi.waitFor(() => expect(createdBodies).toHaveLength(1));
    expect(createdBodies[0]).not.toHaveProperty('media');
  });
});
