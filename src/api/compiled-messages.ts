/**
 * Messages as Lingui compiles them from ICU MessageFormat (lingui.config.ts): a plain string, or
 * an array of text and placeholders (`["Hello ", ["name"]]`), a placeholder possibly a plural or a
 * select whose branches are compiled messages again (`#` in a plural's branch is the number). The
 * SPA (src/lib/i18n), the mock backend and the server format them with this one function, in the
 * language's own plural rules and number format (Intl, CLDR).
 */
export type CompiledMessage = string | readonly CompiledPart[];
/** Text, or a placeholder: `[name]` or `[name, type, cases]` (Lingui's tokens, as JSON reads them). */
export type CompiledPart = string | readonly unknown[];
export type MessageValues = Readonly<Record<string, unknown>>;

/** A compiled message with its values, in `locale`'s plural rules and number format. */
export function formatMessage(
  message: CompiledMessage,
  values: MessageValues | undefined,
  locale: string,
): string {
  if (typeof message === 'string') return message;
  const format = (parts: readonly CompiledPart[], count?: number): string =>
    parts
      .map((part) => {
        if (typeof part === 'string') {
          return part === '#' && count !== undefined ? count.toLocaleString(locale) : part;
        }
        const [name, type, cases] = part as readonly [string, string?, unknown?];
        const value = values?.[name];
        if (type === 'plural' || type === 'selectordinal' || type === 'select') {
          const branches = cases as Record<string, readonly CompiledPart[]>;
          if (type === 'select') return format(branches[String(value)] ?? branches.other ?? []);
          const n = Number(value);
          const rule = new Intl.PluralRules(locale, {
            type: type === 'plural' ? 'cardinal' : 'ordinal',
          }).select(n);
          return format(branches[String(n)] ?? branches[rule] ?? branches.other ?? [], n);
        }
        if (type === 'number' && typeof value === 'number') return value.toLocaleString(locale);
        return value === undefined || value === null ? '' : String(value);
      })
      .join('');
  return format(message);
}
