import { describe, expect, test } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { logRequests } from './request-log';
import { relate } from '../../support/store-people';

const log = logRequests();

/** Tags and mentions on screen (api-contract.md "Habits of a shared journal"). */

describe('a tag', () => {
  test('on a card links to its list, which says "Tagged #x" and clears back to all', async () => {
    const me = createUser({ username: 'meg' });
    const friend = createUser({ username: 'fran' });
    relate(friend, me, 2);
    createRumination({ authorId: friend.user.id, content: 'A #Walk with friends', audiences: [2] });
    createRumination({ authorId: friend.user.id, content: 'Untagged, to friends', audiences: [2] });

    const app = await renderApp('/my-feed', { token: me.token });
    const card = app.getByText('A #Walk with friends').closest('article')!;
    await app.user.click(within(card).getByRole('link', { name: '#walk' }));
    await waitFor(() => expect(app.router.state.location.search).toEqual({ tag: 'walk' }));
    expect(await app.findByRole('heading', { name: 'Tagged #walk' })).toBeInTheDocument();
    expect(app.queryByText('Untagged, to friends')).not.toBeInTheDocument();
    expect(log.to('/api/ruminations/feed').at(-1)!.url.searchParams.get('tag')).toBe('walk');

    await app.user.click(app.getByRole('link', { name: 'Show all of My Feed' }));
    expect(await app.findByText('Untagged, to friends')).toBeInTheDocument();
    expect(app.queryByRole('heading', { name: /Tagged/ })).not.toBeInTheDocument();
  });

  test('filters Public from its address', async () => {
    const author = createUser({ username: 'ann' });
    createRumination({ authorId: author.user.id, content: 'Morning #tea' });
    createRumination({ authorId: author.user.id, content: 'Evening #coffee' });
    const app = await renderApp('/public?tag=tea');
    expect(app.getByRole('heading', { name: 'Tagged #tea' })).toBeInTheDocument();
    expect(app.getByText('Morning #tea')).toBeInTheDocument();
    expect(app.queryByText('Evening #coffee')).not.toBeInTheDocument();
  });

  test('My Ruminations lists my tags with counts, and the search box suggests them', async () => {
    const me = createUser({ username: 'meg' });
    createRumination({ authorId: me.user.id, content: 'one #rain' });
    createRumination({ authorId: me.user.id, content: 'two #rain #sun' });
    const app = await renderApp('/my-ruminations', { token: me.token });
    const tags = await app.findByRole('navigation', { name: 'My tags' });
    const rain = within(tags).getByRole('link', { name: '#rain, 2 ruminations' });
    expect(within(tags).getByRole('link', { name: '#sun, 1 rumination' })).toBeInTheDocument();
    await app.user.click(rain);
    expect(await app.findByRole('heading', { name: 'Tagged #rain' })).toBeInTheDocument();

    await app.user.click(app.getByRole('link', { name: 'Show all my ruminations' }));
    await waitFor(() => expect(app.router.state.location.search).toEqual({}));
    const box = app.getByRole('searchbox', { name: 'Search my ruminations' });
    await app.user.type(box, '#s');
    await app.user.click(app.getByRole('button', { name: 'Show #sun, 1 rumination' }));
    await waitFor(() => expect(app.router.state.location.search).toEqual({ tag: 'sun' }));
    expect(await app.findByText('two #rain #sun')).toBeInTheDocument();
    expect(app.queryByText('one #rain')).not.toBeInTheDocument();
  });
});

describe('a mention', () => {
  test('is a link that opens the person’s profile', async () => {
    const me = createUser({ username: 'meg' });
    const ana = createUser({ username: 'ana_g' });
    createRumination({ authorId: me.user.id, content: 'Tea with @Ana_G today' });
    const app = await renderApp('/my-ruminations', { token: me.token });
    const link = await app.findByRole('link', { name: '@Ana_G' });
    await app.user.click(link);
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/user/${ana.user.id}`));
  });

  test('is words for a visitor, who cannot look people up; the tags still link', async () => {
    const author = createUser({ username: 'ann' });
    createRumination({ authorId: author.user.id, content: 'Hello @someone #here' });
    const app = await renderApp('/public');
    expect(app.getByText('Hello @someone #here')).toBeInTheDocument();
    expect(app.queryByRole('link', { name: '@someone' })).not.toBeInTheDocument();
    expect(app.getByRole('link', { name: '#here' })).toHaveAttribute('href', '/public?tag=here');
  });
});

describe('typing @ in a comment', () => {
  test('offers the people I have a relation with, by name, and puts the username in', async () => {
    const me = createUser({ username: 'meg' });
    const ana = createUser({ username: 'ana_g', displayName: 'Ana García' });
    createUser({ username: 'anastranger' });
    relate(ana, me, 2);
    createRumination({ authorId: me.user.id, content: 'A note to talk about' });
    const app = await renderApp('/my-ruminations', { token: me.token });
    const card = app.getByText('A note to talk about').closest('article')!;
    await app.user.click(within(card).getByRole('button', { name: 'Add a comment' }));
    const box = await within(card).findByRole('textbox', { name: 'Add a comment' });
    await app.user.type(box, 'thanks @an');
    const people = await within(card).findByRole('list', { name: 'People to mention' });
    expect(within(people).getAllByRole('button')).toHaveLength(1);
    await app.user.click(
      within(people).getByRole('button', { name: 'Mention Ana García (@ana_g)' }),
    );
    await waitFor(() => expect(box).toHaveValue('thanks @ana_g '));
    expect(within(card).queryByRole('list', { name: 'People to mention' })).not.toBeInTheDocument();
  });
});
