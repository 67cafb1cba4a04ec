import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import type { RelationType } from '../../../src/domain/relation-types';
import { WhoWillRead } from '../../../src/features/composer/who-will-read';
import { createQueryClient } from '../../../src/lib/query-client';
import { relationKeys } from '../../../src/lib/query-keys';
import { setToken } from '../../../src/lib/token-storage';
import { relate, type StorePerson } from '../../support/store-people';

/** The line's live region, where a warning is announced (polite: the composer has its own status). */
function announced(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[aria-live="polite"].text-danger');
  if (!region) throw new Error('no live region for the warning');
  return region;
}

const FAMILY = 1;
const PARTNER = 4;

/** The line beside Publish, for `writer`, on its own against the mock backend. */
function renderLine(writer: StorePerson | null, audiences: readonly RelationType[] | null) {
  if (writer) setToken(writer.token);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <WhoWillRead audiences={audiences} writerId={writer?.user.id ?? null} />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** The innermost element reading `text` (a sentence split into names and words). */
function sentence(text: string) {
  return screen.getByText(
    (_content, element) =>
      element?.textContent === text &&
      [...element.children].every((child) => child.textContent !== text),
  );
}

function findSentence(text: string) {
  return vi.waitFor(() => sentence(text));
}

describe('the composer says who will read the note, by name', () => {
  test('Family with five people: two named, the others counted, each name isolated', async () => {
    const graca = createUser({ username: 'graca', displayName: 'Graça' });
    // Asked for from either side; names in any script, sorted in one order whatever the accents.
    ['Dário', 'Ana', 'أميرة حسن', 'Ángel', 'Bruno'].forEach((displayName, index) => {
      const relative = createUser({ username: `relative${index}`, displayName });
      if (index % 2 === 0) relate(graca, relative, FAMILY);
      else relate(relative, graca, FAMILY);
    });
    renderLine(graca, [FAMILY]);

    const line = await findSentence('Ana, Ángel and 3 others: your Family.');
    expect(within(line).getByText('Ana').tagName).toBe('BDI');
    expect(within(line).getByText('Ángel').tagName).toBe('BDI');
    expect(announced()).toBeEmptyDOMElement();
    expect(screen.getByText('Save Draft: only you.')).toBeInTheDocument();
  });

  test('Partner with nobody in it: says so plainly, as a warning that is announced', async () => {
    const graca = createUser({ username: 'graca', displayName: 'Graça' });
    relate(graca, createUser({ username: 'ana', displayName: 'Ana' }), FAMILY);
    renderLine(graca, [PARTNER]);

    const status = announced();
    // Until the relations are known it says the category, and claims nothing about who is in it.
    expect(sentence('Partner.')).toBeInTheDocument();
    expect(status).toBeEmptyDOMElement();

    await vi.waitFor(() =>
      expect(status).toHaveTextContent('You have no Partner yet: only you will see this note.'),
    );
    expect(status).toHaveClass('text-danger');
    expect(screen.queryByText('Partner.')).not.toBeInTheDocument();
    expect(screen.getByText('Save Draft: only you.')).toBeInTheDocument();
  });

  test('relations that cannot be read: the category, and no warning', async () => {
    const graca = createUser({ username: 'graca', displayName: 'Graça' });
    server.use(
      http.get('*/api/UserRelations', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Unavailable', status: 503 },
          { status: 503 },
        ),
      ),
    );
    const queryClient = renderLine(graca, [PARTNER]);
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryCache().find({ queryKey: relationKeys.all, exact: false })?.state
          .status,
      ).toBe('error'),
    );
    expect(sentence('Partner.')).toBeInTheDocument();
    expect(announced()).toBeEmptyDOMElement();
  });

  test('asks for a choice before one is made, and says Public as before', async () => {
    const graca = createUser({ username: 'graca', displayName: 'Graça' });
    renderLine(graca, null);
    expect(sentence('Choose who can read it.')).toBeInTheDocument();
    renderLine(null, []);
    expect(sentence('Public: anyone, even without an account.')).toBeInTheDocument();
  });
});
