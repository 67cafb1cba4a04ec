import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { formatMessage, type CompiledMessage } from './compiled-messages';
import { sayInEnglish, type Say } from './say';

/**
 * The shared layer, the server and the mock backend write in English (a problem's title, a form
 * field's message, a notification's sentence through `say`); each is an entry of the catalogues
 * (scripts/i18n/shared-strings.ts lists them for extraction), whose id Lingui derives from the
 * English itself. Translating one is looking that id up in the language's compiled catalogue
 * (src/locales/<language>.json). Kept apart from say.ts: English needs none of this (the hash).
 */
export type Catalogue = Readonly<Record<string, CompiledMessage>>;

const ids = new Map<string, string>();

/** Lingui's id of an English message (a hash of it), remembered: the screens ask for the same ones. */
export function englishId(english: string): string {
  let id = ids.get(english);
  if (id === undefined) {
    id = generateMessageId(english);
    ids.set(english, id);
  }
  return id;
}

/** A `Say` in the catalogue's language; English itself where the catalogue has no entry. */
export function sayIn(catalogue: Catalogue, locale: string): Say {
  return (english, values) => {
    const entry = catalogue[englishId(english)];
    return entry === undefined
      ? sayInEnglish(english, values)
      : formatMessage(entry, values, locale);
  };
}
