/**
 * How the shared layer writes a sentence for people (a notification's words, an email's lines, an
 * audience's name): `say('{who} commented on your rumination', { who })`, the English an ICU
 * message with `{name}` placeholders, handed a `Say` for the reader's language by whoever shows it
 * (the SPA: src/lib/i18n/language.ts; the server: its request's or recipient's language; the mock
 * backend likewise). `say('…')` takes a string literal, so that scripts/i18n/shared-strings.ts
 * finds every sentence for the catalogues. Problem titles and zod messages stay plain English
 * strings: each edge translates them whole (english-messages.ts).
 */
export type SayValues = Readonly<Record<string, string | number>>;
export type Say = (english: string, values?: SayValues) => string;

/** English itself, its `{name}` placeholders filled in. */
export const sayInEnglish: Say = (english, values) =>
  values === undefined
    ? english
    : english.replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in values ? String(values[name]) : whole,
      );
