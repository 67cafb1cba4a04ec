import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import {
  formatMessage,
  type CompiledMessage,
  type MessageValues,
} from '../../api/compiled-messages';
import type { Language } from '../../api/languages';

/**
 * What Lingui's macros compile to (lingui.config.ts, runtimeConfigModule; build/lingui-macros.ts):
 * `t`, `plural` and `useLingui` call `i18n._({ id, message, values })`, `<Trans>` renders this
 * module's `Trans`. The English message stays in the code, compiled at build time, so English
 * needs no catalogue and adds no runtime of Lingui's own (about 3 KB brotli) to a first visit;
 * Spanish and Arabic load their compiled catalogue (src/lib/i18n/language.ts) before the first
 * render. A change of language re-renders the whole tree (src/main.tsx keys it by language), so
 * nothing here needs to be watched.
 */
export interface MessageDescriptor {
  id: string;
  message?: CompiledMessage;
  values?: MessageValues;
}

let active: { language: Language; messages: Readonly<Record<string, CompiledMessage>> } = {
  language: 'en',
  messages: {},
};

export function activate(language: Language, messages: Readonly<Record<string, CompiledMessage>>) {
  active = { language, messages };
}

function translate(descriptor: MessageDescriptor | string, values?: MessageValues): string {
  const {
    id,
    message,
    values: own,
  } = typeof descriptor === 'string' ? { id: descriptor, message: undefined, values } : descriptor;
  return formatMessage(active.messages[id] ?? message ?? id, own ?? values, active.language);
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
  const text = formatMessage(active.messages[id] ?? message ?? id, safe, active.language);
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
