import { describe, expect, test, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createUser } from '../../../mocks/store/factories';
import { preferencesOf, storePreferences } from '../../../mocks/store/preferences';
import { defaultPreferences } from '../../../src/domain/preferences';
import { AuthProvider } from '../../../src/features/auth/auth-context';
import { AuthSession } from '../../../src/features/auth/auth-session';
import { ReminderSetting } from '../../../src/features/preferences/reminder-setting';
import { createQueryClient } from '../../../src/lib/query-client';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';
import { warmUpLazyModules } from '../ruminations/warm-up';

/**
 * Settings → "Remind me to write" (contract: "Memories", reminders) against the mock backend: on
 * with a time and days, saved through PUT /api/account/preferences { reminder }, and off again;
 * and the address a reminder's click opens, which opens the composer.
 */

const log = logRequests();
warmUpLazyModules();

function renderSetting(token: string) {
  const session = new AuthSession();
  session.signIn({ accessToken: token, requiresTosAcceptance: false, latestTosVersion: null });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider session={session}>
        <ReminderSetting />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { user, section: within(document.body) };
}

describe('Settings: Remind me to write', () => {
  test('turned on with a time and two days, saved; then turned off', async () => {
    const { user: me, token } = createUser({ username: 'escritora' });
    const { user, section } = renderSetting(token);
    const on = await section.findByRole('checkbox', { name: 'Remind me to write' });
    expect(on).not.toBeChecked();
    expect(section.queryByLabelText('Time')).not.toBeInTheDocument();
    expect(section.getByText(/or by email otherwise/)).toHaveTextContent(
      'It comes as a notification on devices where notifications are on, or by email otherwise.',
    );

    await user.click(on);
    const time = section.getByLabelText('Time');
    expect(time).toHaveAttribute('type', 'time');
    await user.clear(time);
    await user.type(time, '07:15');
    const days = within(section.getByRole('group', { name: 'Days' }));
    // Monday first; every day is chosen until the person unticks some.
    expect(days.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    for (const name of ['Tuesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await user.click(days.getByRole('checkbox', { name }));
    }
    await user.click(section.getByRole('button', { name: 'Save reminder' }));
    expect(await section.findByRole('status')).toHaveTextContent('Saved');
    expect(preferencesOf(me.id).reminder).toEqual({ time: '07:15', days: [1, 3] });

    await user.click(section.getByRole('checkbox', { name: 'Remind me to write' }));
    expect(section.queryByLabelText('Time')).not.toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Save reminder' }));
    await vi.waitFor(() => expect(preferencesOf(me.id).reminder.time).toBeNull());
    expect(log.to('/api/account/preferences', 'PUT').map((r) => r.body)).toEqual([
      { reminder: { time: '07:15', days: [1, 3] } },
      { reminder: { time: null, days: [1, 3] } },
    ]);
  });

  test('shows a stored reminder, and will not save one without a day', async () => {
    const { user: me, token } = createUser({ username: 'constante' });
    storePreferences(me.id, { ...defaultPreferences(), reminder: { time: '21:30', days: [0] } });
    const { user, section } = renderSetting(token);
    expect(await section.findByRole('checkbox', { name: 'Remind me to write' })).toBeChecked();
    expect(section.getByLabelText('Time')).toHaveValue('21:30');
    const days = within(section.getByRole('group', { name: 'Days' }));
    expect(days.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    expect(days.getByRole('checkbox', { name: 'Monday' })).not.toBeChecked();

    await user.click(days.getByRole('checkbox', { name: 'Sunday' }));
    expect(section.getByRole('alert')).toHaveTextContent('Choose at least one day.');
    expect(section.getByRole('button', { name: 'Save reminder' })).toBeDisabled();
  });
});

describe("a reminder's click", () => {
  test('/my-ruminations?compose=1 opens the composer, and the address loses the parameter', async () => {
    const { token } = createUser({ username: 'nudged' });
    const app = await renderApp('/my-ruminations?compose=1', { token });
    expect(await app.findByRole('dialog', { name: 'New Rumination' })).toBeInTheDocument();
    await vi.waitFor(() => expect(app.router.state.location.searchStr).toBe(''));
    expect(app.router.state.location.pathname).toBe('/my-ruminations');
  });
});
