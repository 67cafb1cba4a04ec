import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import {
  formatMessage,
  type CompiledMessage,
  type MessageValues,
} from '../../api/compiled-messages';
import type { Language } from '../../api/languages';

/**
 * What Lingui's macros compile to (lingui.config.ts, runtimeConfigModule; build/lingui-macros.ts):
 * `t`, `plural` and `useLingui` call `i18n._(…)`, `<Trans>` renders this module's `Trans`. The
 * English message stays in the code, compiled at build time, so English needs no catalogue and
 * adds no runtime of Lingui's own (about 3 KB brotli) to a first visit; Spanish and Arabic load
 * their compiled catalogue (src/lib/i18n/language.ts) before the first render. A change of
 * language re-renders the whole tree (src/main.tsx keys it by language): nothing here is watched.
 *
 * A plain message (no placeholder, no context) comes as its English alone, `i18n._("Sign In")`:
 * Lingui's id of it, the catalogue's key, is derived here when a catalogue is active rather than
 * written beside each of the first visit's hundred messages. Others come as `{ id, message,
 * values }`, their message compiled.
 */
export interface MessageDescriptor {
  id?: string;
  message?: CompiledMessage;
  values?: MessageValues;
}

interface Active {
  language: Language;
  messages: Readonly<Record<string, CompiledMessage>>;
  /** Lingui's id of a plain English message: given with a catalogue (it costs a hash). */
  idOf?: (english: string) => string;
}

let active: Active = { language: 'en', messages: {} };

export function activate(
  language: Language,
  messages: Active['messages'],
  idOf?: Active['idOf'],
): void {
  active = { language, messages, idOf };
}

/** A message in the active language, else its English. */
function say({ id, message = '' }: MessageDescriptor, values: MessageValues | undefined): string {
  const key = id ?? (typeof message === 'string' ? active.idOf?.(message) : undefined);
  const translated = key === undefined ? undefined : active.messages[key];
  return formatMessage(translated ?? message, values, active.language);
}

function translate(descriptor: MessageDescriptor | string, values?: MessageValues): string {
  return typeof descriptor === 'string'
    ? say({ message: descriptor }, values)
    : say(descriptor, descriptor.values ?? values);
}

export const i18n = {
  _: translate,
  get locale(): Language {
    return active.language;
  },
};

export function useLingui() {
  return { _: translate, i18n };
}

const TAG = /<(\d+)>(.*?)<\/\1>|<(\d+)\/>/gs;

/** `<Trans>`: the message with its numbered tags (`Read the <0>terms</0>`) as the given elements. */
export function Trans({
  id,
  message,
  values,
  components = {},
}: MessageDescriptor & { components?: Record<string, ReactElement> }): ReactNode {
  // A value's own `<` (someone's name) is kept apart while the message's tags are read.
  const safe =
    values && mapValues(values, (v) => (typeof v === 'string' ? v.replaceAll('<', '\uE000') : v));
  const text = say({ id, message }, safe);
  const plain = (s: string) => s.replaceAll('\uE000', '<');
  const build = (source: string): ReactNode[] => {
    const nodes: ReactNode[] = [];
    let at = 0;
    for (const match of source.matchAll(TAG)) {
      if (match.index > at) nodes.push(plain(source.slice(at, match.index)));
      const element = components[match[1] ?? match[3] ?? ''];
      const inner = match[2];
      if (isValidElement(element)) {
        nodes.push(cloneElement(element, { key: nodes.length }, ...(inner ? build(inner) : [])));
      }
      at = match.index + match[0].length;
    }
    if (at < source.length) nodes.push(plain(source.slice(at)));
    return nodes;
  };
  return Children.toArray(build(text));
}

function mapValues(values: MessageValues, map: (value: unknown) => unknown): MessageValues {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, map(value)]));
}
