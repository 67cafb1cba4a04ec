import { describe, expect, test } from 'vitest';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';
import { relate } from '../../support/store-people';

const log = logRequests();

describe('My Feed', () => {
  test('shows what related people share with me, and nothing of strangers or myself', async () => {
    const me = createUser({ username: 'meg' });
    const friend = createUser({ username: 'fran' });
    const stranger = createUser({ username: 'stan' });
    relate(friend, me, 2);
    createRumination({ authorId: friend.user.id, content: 'Fran, to friends', audiences: [2] });
    createRumination({ authorId: friend.user.id, content: 'Fran, to family', audiences: [1] });
    createRumination({ authorId: friend.user.id, content: 'Fran, to everyone' });
    createRumination({ authorId: stranger.user.id, content: 'Stan, to everyone' });
    createRumination({ authorId: me.user.id, content: 'My own' });

    const app = await renderApp('/my-feed', { token: me.token });
    expect(app.getByRole('heading', { name: 'My Feed' })).toBeInTheDocument();
    expect(app.getByText('Fran, to friends')).toBeInTheDocument();
    expect(app.getByText('Fran, to everyone')).toBeInTheDocument();
    expect(app.queryByText('Fran, to family')).not.toBeInTheDocument();
    expect(app.queryByText('Stan, to everyone')).not.toBeInTheDocument();
    expect(app.queryByText('My own')).not.toBeInTheDocument();
    expect(log.to('/api/ruminations/feed')).toHaveLength(1);
  });

  test('an empty feed says how to fill it', async () => {
    const me = createUser({ username: 'meg' });
    const app = await renderApp('/my-feed', { token: me.token });
    expect(
      app.getByText(/Your feed is empty\. Open someone's profile and request a relation/),
    ).toBeInTheDocument();
  });

  test('signed-out visitors are sent to /login', async () => {
    const app = await renderApp('/my-feed');
    expect(app.router.state.location.pathname).toBe('/login');
    expect(log.to('/api/ruminations/feed')).toHaveLength(0);
  });
});
