import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { deferred, logRequests } from '../ruminations/request-log';
import { relate } from '../../support/store-people';

const log = logRequests();

type App = Awaited<ReturnType<typeof renderApp>>;

const ALL_TYPES = ['Acquaintance', 'Family', 'Friend', 'Best Friend', 'Partner', 'Therapist'];

function pair() {
  const me = createUser({ username: 'meg' });
  const them = createUser({ username: 'theo' });
  return { me, them };
}

async function manager(app: App) {
  return within(await app.findByRole('region', { name: 'Relations' }));
}

function offeredTypes(region: ReturnType<typeof within>): string[] {
  const select = region.queryByRole('combobox', { name: 'Relation type' });
  if (!select) return [];
  return within(select)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
}

/** "You have no relations with <name> yet.", the name isolated in its own element. */
function noRelationsLine(region: ReturnType<typeof within>, name: string): HTMLElement {
  return region.getByText(
    (_content: string, element: Element | null) =>
      element?.tagName === 'P' && element.textContent === `You have no relations with ${name} yet.`,
  );
}

describe('relation manager', () => {
  test('names the person by their display name when they have no relation yet', async () => {
    const me = createUser({ username: 'meg' });
    const them = createUser({ username: 'theo', displayName: 'Théo Laurent' });
    const app = await renderApp(`/user/${them.user.id}`, { token: me.token });
    expect(noRelationsLine(await manager(app), 'Théo Laurent')).toBeInTheDocument();
  });

  test('with no relations all six types are offered; a request is sent and shown as pending', async () => {
    const { me, them } = pair();
    const app = await renderApp(`/user/${them.user.id}`, { token: me.token });
    const region = await manager(app);
    expect(noRelationsLine(region, 'theo')).toBeInTheDocument();
    expect(offeredTypes(region)).toEqual(ALL_TYPES);

    await app.user.selectOptions(region.getByRole('combobox', { name: 'Relation type' }), 'Friend');
    await app.user.click(region.getByRole('button', { name: 'Request relation' }));

    const row = await region.findByRole('listitem', { name: 'Friend relation' });
    expect(within(row).getByText('Pending: awaiting their answer')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Cancel Friend request' })).toBeInTheDocument();
    expect(offeredTypes(region)).toEqual(ALL_TYPES.filter((t) => t !== 'Friend'));
    await log.settled();
    expect(log.to('/api/UserRelations', 'POST').map((r) => r.body)).toEqual([
      { userId: them.user.id, relationType: 2 },
    ]);
    // The manager asks for the relations with this person (the nav asks for all, to count).
    const asked = log.to('/api/UserRelations', 'GET').map((r) => r.url.searchParams.get('UserId'));
    expect(asked).toContain(String(them.user.id));
  });

  test('types pending or accepted in either direction are not offered; rejected ones are, and are hidden', async () => {
    const { me, them } = pair();
    relate(me, them, 0, 'pending');
    relate(them, me, 1);
    relate(them, me, 2, 'rejected');
    relate(me, them, 4, 'deleted');
    const app = await renderApp(`/user/${them.user.id}`, { token: me.token });
    const region = await manager(app);

    await region.findByRole('listitem', { name: 'Family relation' });
    expect(region.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Family relation',
      'Acquaintance relation',
    ]);
    expect(offeredTypes(region)).toEqual(['Friend', 'Best Friend', 'Partner', 'Therapist']);
  });

  test('the request button is hidden when all six types are in use', async () => {
    const { me, them } = pair();
    for (const type of [0, 1, 2, 3, 4, 5] as const) {
      relate(me, them, type);
    }
    const app = await renderApp(`/user/${them.user.id}`, { token: me.token });
    const region = await manager(app);
    await region.findByRole('listitem', { name: 'Acquaintance relation' });
    expect(region.queryByRole('button', { name: 'Request relation' })).not.toBeInTheDocument();
    expect(region.queryByRole('combobox')).not.toBeInTheDocument();
  });

  test('an incoming request can be accepted, and then deleted', async () => {
    const { me, them } = pair();
    const incoming = relate(them, me, 2, 'pending');
    const app = await renderApp(`/user/${them.user.id}`, { token: me.token });
    const region = await manager(app);
    const row = await region.findByRole('listitem', { name: 'Friend relation' });
    expect(within(row).getByText('Pending: awaiting your answer')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();

    await app.user.click(within(row).getByRole('button', { name: 'Accept Friend relation' }));
    expect(await within(row).findByText('Accepted')).toBeInTheDocument();
    expect(log.to(`/api/UserRelations/${incoming.id}/accept`, 'PUT')).toHaveLength(1);

    await app.user.click(within(row).getByRole('button', { name: 'Delete Friend relation' }));
    await vi.waitFor(() =>
      expect(region.queryByRole('listitem', { name: 'Friend relation' })).not.toBeInTheDocument(),
    );
    expect(log.to(`/api/UserRelations/${incoming.id}`, 'DELETE')).toHaveLength(1);
    expect(offeredTypes(region)).toContain('Friend');
  });

  test('rejecting an incoming request hides it and offers the type again', async () => {
    const { me, them } = pair();
    const incoming = relate(them, me, 4, 'pending');
    const app = await renderApp(`/user/${them.user.id}`, { token: me.token });
    const region = await manager(app);
    const row = await region.findByRole('listitem', { name: 'Partner relation' });
    expect(offeredTypes(region)).not.toContain('Partner');

    await app.user.click(within(row).getByRole('button', { name: 'Reject Partner relation' }));
    await vi.waitFor(() => expect(offeredTypes(region)).toContain('Partner'));
    expect(region.queryByRole('listitem', { name: 'Partner relation' })).not.toBeInTheDocument();
    expect(log.to(`/api/UserRelations/${incoming.id}/reject`, 'PUT')).toHaveLength(1);
  });

  test('an outgoing request can be cancelled', async () => {
    const { me, them } = pair();
    const outgoing = relate(me, them, 3, 'pending');
    const app = await renderApp(`/user/${them.user.id}`, { token: me.token });
    const region = await manager(app);
    const row = await region.findByRole('listitem', { name: 'Best Friend relation' });
    expect(within(row).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    await app.user.click(within(row).getByRole('button', { name: 'Cancel Best Friend request' }));
    await vi.waitFor(() =>
      expect(
        region.queryByRole('listitem', { name: 'Best Friend relation' }),
      ).not.toBeInTheDocument(),
    );
    expect(log.to(`/api/UserRelations/${outgoing.id}`, 'DELETE')).toHaveLength(1);
  });

  test('Therapist reads "Patient" on the receiving side and "Therapist" on the initiating side', async () => {
    const { me, them } = pair();
    // theo asked meg to be his therapist: for meg, theo is her patient.
    relate(them, me, 5);
    const asReceiver = await renderApp(`/user/${them.user.id}`, { token: me.token });
    const region = await manager(asReceiver);
    expect(await region.findByRole('listitem', { name: 'Patient relation' })).toBeInTheDocument();
    expect(region.queryByText('Therapist', { selector: 'li span' })).not.toBeInTheDocument();
    asReceiver.unmount();

    const asInitiator = await renderApp(`/user/${me.user.id}`, { token: them.token });
    const other = await manager(asInitiator);
    expect(await other.findByRole('listitem', { name: 'Therapist relation' })).toBeInTheDocument();
  });

  test('a pending accept reads "Accepting..."', async () => {
    const { me, them } = pair();
    relate(them, me, 0, 'pending');
    const hold = deferred();
    server.use(
      http.put('*/api/UserRelations/:id/accept', async () => {
        await hold.promise;
        return HttpResponse.json({ title: 'Gone away' }, { status: 503 });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderApp(`/user/${them.user.id}`, { token: me.token });
    const row = await (
      await manager(app)
    ).findByRole('listitem', { name: 'Acquaintance relation' });
    await app.user.click(within(row).getByRole('button', { name: 'Accept Acquaintance relation' }));

    const pendingButton = await within(row).findByRole('button', { name: /Accepting\.\.\./ });
    expect(pendingButton).toBeDisabled();
    expect(within(row).getByRole('button', { name: /Reject/ })).toBeDisabled();
    hold.resolve();
    expect(
      await within(row).findByRole('button', { name: 'Accept Acquaintance relation' }),
    ).toBeEnabled();
  });

  test('a failed request is only logged', async () => {
    const { me, them } = pair();
    server.use(
      http.post('*/api/UserRelations', () =>
        HttpResponse.json({ title: 'Already exists' }, { status: 409 }),
      ),
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderApp(`/user/${them.user.id}`, { token: me.token });
    const region = await manager(app);
    await app.user.click(region.getByRole('button', { name: 'Request relation' }));
    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    expect(app.queryByRole('alert')).not.toBeInTheDocument();
    expect(noRelationsLine(region, 'theo')).toBeInTheDocument();
  });

  test('accepting a relation refreshes what the profile shows', async () => {
    const { me, them } = pair();
    const { createRumination } = await import('../../../mocks/store/factories');
    createRumination({ authorId: them.user.id, content: 'For friends only', audiences: [2] });
    relate(them, me, 2, 'pending');
    const app = await renderApp(`/user/${them.user.id}?view=all`, { token: me.token });
    const region = await manager(app);
    expect(app.queryByText('For friends only')).not.toBeInTheDocument();

    const row = await region.findByRole('listitem', { name: 'Friend relation' });
    await app.user.click(within(row).getByRole('button', { name: 'Accept Friend relation' }));
    expect(await app.findByText('For friends only')).toBeInTheDocument();
  });
});
