import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_DB_KEY, DEMO_PASSWORD, DEMO_PEOPLE } from '../../src/api/demo-backend';
import { DemoBanner } from '../../src/features/demo/demo-banner';
import { DemoCredentials } from '../../src/features/demo/demo-credentials';
import { DemoMailbox } from '../../src/features/demo/demo-mailbox';

describe('DemoBanner', () => {
  it('says the data stays in this browser, and Reset drops the demo data and the session', async () => {
    localStorage.setItem(DEMO_DB_KEY, '{"format":1}');
    localStorage.setItem('token', 'mock-token-1-abc');
    const onReset = vi.fn();
    render(<DemoBanner onReset={onReset} />);

    expect(screen.getByText(/kept in this browser/i)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset demo data' }));

    expect(localStorage.getItem(DEMO_DB_KEY)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(onReset).toHaveBeenCalledOnce();
  });
});

describe('DemoCredentials', () => {
  it('lists every demo username and the shared password', () => {
    render(<DemoCredentials />);
    for (const person of DEMO_PEOPLE) {
      expect(screen.getByText(person.username)).toBeInTheDocument();
    }
    expect(screen.getByText(DEMO_PASSWORD)).toBeInTheDocument();
  });
});

describe('DemoMailbox', () => {
  it('lists the links the demo backend mailed, newest first, when opened', async () => {
    const outbox = [
      {
        to: 'a@x.example',
        subject: 'Activate your account',
        link: 'http://localhost:3000/activate?token=1',
        sentAt: '2026-01-01T00:00:00.000Z',
      },
      {
        to: 'b@x.example',
        subject: 'Reset your password',
        link: 'http://localhost:3000/reset-password?token=2',
        sentAt: '2026-01-02T00:00:00.000Z',
      },
    ];
    localStorage.setItem(DEMO_DB_KEY, JSON.stringify({ format: 1, db: { outbox } }));
    render(<DemoMailbox />);

    await userEvent.click(screen.getByText('Demo mailbox'));

    const links = await screen.findAllByRole('link', { name: 'open link' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([outbox[1]?.link, outbox[0]?.link]);
    expect(screen.getByText(/Reset your password \(to b@x.example\)/)).toBeInTheDocument();
  });
});
