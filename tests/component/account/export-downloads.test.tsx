import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';

interface SavedFile {
  name: string;
  blob: Blob;
}

let saved: SavedFile[] = [];
let revoked: string[] = [];

beforeEach(() => {
  saved = [];
  revoked = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  // The test DOM does not download: record what would have been saved.
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${++next}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob && this.download) saved.push({ name: this.download, blob });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function settings() {
  const { user, token } = createUser({ username: 'alice' });
  const app = await renderApp('/settings', { token });
  await app.findByText('alice@example.com');
  return { app, user, token };
}

describe('Download my data', () => {
  test('JSON: saves the file under the name the server gives, with the whole export', async () => {
    const { app, user } = await settings();
    createRumination({ authorId: user.id, content: 'Exported thought.' });

    await app.user.click(app.getByRole('button', { name: 'Download my data (JSON)' }));

    await expect.poll(() => saved.length).toBe(1);
    const [file] = saved;
    expect(file!.name).toMatch(/\.json$/);
    const body = JSON.parse(await file!.blob.text()) as {
      account: { username: string };
      ruminations: { content: string }[];
    };
    expect(body.account.username).toBe('alice');
    expect(body.ruminations.map((r) => r.content)).toContain('Exported thought.');
    expect(await app.findByText(/^Downloaded .+\.json \(.+\)\.$/)).toBeInTheDocument();
    await expect.poll(() => revoked.length).toBe(1);
  });

  test('Markdown: saves a zip', async () => {
    const { app, user } = await settings();
    createRumination({ authorId: user.id, content: 'Exported thought.' });

    await app.user.click(app.getByRole('button', { name: 'Download my data (Markdown)' }));

    await expect.poll(() => saved.length).toBe(1);
    const [file] = saved;
    expect(file!.name).toMatch(/\.zip$/);
    const bytes = new Uint8Array(await file!.blob.arrayBuffer());
    // A zip starts with a local file header: "PK\x03\x04".
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  test('shows the bytes received while the download streams, and sends the token', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let authorization: string | null = null;
    server.use(
      http.get('*/api/account/export', ({ request }) => {
        authorization = request.headers.get('Authorization');
        const format = new URL(request.url).searchParams.get('format');
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new Uint8Array(1500));
            controller.enqueue(new Uint8Array(1000));
            await released;
            controller.enqueue(new Uint8Array(500));
            controller.close();
          },
        });
        return new HttpResponse(stream, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': `attachment; filename="mine-${format}.zip"`,
          },
        });
      }),
    );
    const { app, token } = await settings();

    await app.user.click(app.getByRole('button', { name: 'Download my data (Markdown)' }));

    expect(await app.findByText(/^Downloading… \d/)).toBeInTheDocument();
    expect(app.getByRole('progressbar', { name: 'Download progress' })).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Download my data (JSON)' })).toBeDisabled();
    release();

    expect(await app.findByText('Downloaded mine-markdown.zip (3.0 KB).')).toBeInTheDocument();
    expect(app.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(saved.map((f) => f.name)).toEqual(['mine-markdown.zip']);
    expect(saved[0]!.blob.size).toBe(3000);
    expect(authorization).toBe(`Bearer ${token}`);
  });

  test("shows the server's reason when the download fails", async () => {
    server.use(
      http.get('*/api/account/export', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Export is not available', status: 503 },
          { status: 503, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const { app } = await settings();
    await app.user.click(app.getByRole('button', { name: 'Download my data (JSON)' }));
    expect(await app.findByRole('alert')).toHaveTextContent('Export is not available');
    expect(saved).toEqual([]);
  });

  test('says "Failed to download your data" when the network fails', async () => {
    server.use(http.get('*/api/account/export', () => HttpResponse.error()));
    const { app } = await settings();
    await app.user.click(app.getByRole('button', { name: 'Download my data (JSON)' }));
    expect(await app.findByRole('alert')).toHaveTextContent('Failed to download your data');
    expect(app.getByRole('button', { name: 'Download my data (JSON)' })).toBeEnabled();
  });
});
