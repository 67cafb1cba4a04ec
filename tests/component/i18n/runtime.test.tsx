import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { englishId } from '../../../src/api/english-messages';
import { activate } from '../../../src/lib/i18n/runtime';

/** A screen written with Lingui's macros, as the app's are. */
function Greeting({ who, count }: { who: string; count: number }) {
  const { t } = useLingui();
  return (
    <div>
      <h1>{t`Hello ${who}`}</h1>
      <p>{t`${plural(count, { one: '# note', other: '# notes' })}`}</p>
      <p>
        <Trans>
          Read the <a href="/terms-of-service">terms</a>, {who}
        </Trans>
      </p>
    </div>
  );
}

/** One English word in two places, told apart by a context, as translators see them. */
function Tabs() {
  const { t } = useLingui();
  return (
    <div>
      <span data-testid="tab">
        <Trans context="My Ruminations view">Published</Trans>
      </span>
      <span data-testid="state">{t`Published`}</span>
    </div>
  );
}

/** A catalogue as `lingui compile` writes one: Lingui's id of the English → the compiled translation. */
function catalogue(entries: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(entries).map(([english, translated]) => [
      generateMessageId(english),
      compileMessage(translated),
    ]),
  );
}

describe("the app's messages", () => {
  it('speak English with no catalogue at all', () => {
    render(<Greeting who="Ana" count={2} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Hello Ana');
    expect(screen.getByText('2 notes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(screen.getByRole('link').parentElement).toHaveTextContent('Read the terms, Ana');
  });

  it("speak the active catalogue's language, tags around the words it puts them", () => {
    activate(
      'es',
      catalogue({
        'Hello {who}': 'Hola, {who}',
        '{count, plural, one {# note} other {# notes}}':
          '{count, plural, one {# nota} other {# notas}}',
        'Read the <0>terms</0>, {who}': '{who}, lee las <0>condiciones</0>',
      }),
    );
    render(<Greeting who="José" count={1} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Hola, José');
    expect(screen.getByText('1 nota')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'condiciones' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(screen.getByRole('link').parentElement).toHaveTextContent('José, lee las condiciones');
  });

  it('tell one English apart by its context', () => {
    // As src/lib/i18n/language.ts activates a catalogue: with the id of a plain English.
    activate(
      'es',
      {
        [generateMessageId('Published', 'My Ruminations view')]: compileMessage('Publicadas'),
        [generateMessageId('Published')]: compileMessage('Publicada'),
      },
      englishId,
    );
    render(<Tabs />);
    expect(screen.getByTestId('tab')).toHaveTextContent(/^Publicadas$/);
    expect(screen.getByTestId('state')).toHaveTextContent(/^Publicada$/);
  });

  it("keep a person's own angle brackets as text, never as the message's tags", () => {
    render(<Greeting who="<0>x</0>" count={1} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Hello <0>x</0>');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link').parentElement).toHaveTextContent('Read the terms, <0>x</0>');
  });
});
