import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The catalogues (api-contract.md "Languages"): gettext PO files that translators' tools open,
 * one per part of the app and language (src/locales/<language>/<part>.po), English the source.
 * `npm run i18n` extracts every message of the code into them and compiles each language into
 * one JSON file (src/locales/<language>.json) that the SPA loads when that language is chosen and
 * that the server and the mock backend read; `npm run i18n:check` fails when a message of the code
 * has no entry or no translation (the tests run it). The macros (`t`, `plural`, `<Trans>`) are
 * compiled by build/lingui-macros.ts against the app's own runtime (src/lib/i18n/runtime.ts).
 */
const PARTS: Record<string, string[]> = {
  app: ['src/app', 'src/components', 'src/lib', 'src/routes'],
  auth: ['src/features/auth', 'src/features/terms'],
  ruminations: ['src/features/ruminations'],
  writing: [
    'src/features/composer',
    'src/features/photos',
    'src/features/history',
    'src/features/trash',
    'src/features/comments',
  ],
  people: [
    'src/features/people',
    'src/features/relations',
    'src/features/notifications',
    'src/features/push',
  ],
  account: [
    'src/features/account',
    'src/features/theme',
    'src/features/offline',
    'src/features/demo',
  ],
  preferences: ['src/features/preferences'],
  // What the shared layer, the mock backend and the server write in English (problem titles,
  // forms' messages, emails, pushes), listed by scripts/i18n/shared-strings.ts.
  shared: ['src/locales/shared-strings.ts'],
};

// LINGUI_PART=<part> extracts one part alone (people converting one part at a time).
const only = process.env.LINGUI_PART;

const config: LinguiConfig = {
  locales: ['en', 'es', 'ar'],
  sourceLocale: 'en',
  fallbackLocales: false,
  // Origins name the file, not the line: moving code does not change the catalogues.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'json',
  catalogs: Object.entries(PARTS)
    .filter(([part]) => only === undefined || part === only)
    .map(([part, include]) => ({
      path: `<rootDir>/src/locales/{locale}/${part}`,
      include: include.map((dir) => `<rootDir>/${dir}`),
      exclude: ['**/*.test.*', '**/node_modules/**'],
    })),
  catalogsMergePath: '<rootDir>/src/locales/{locale}',
  runtimeConfigModule: {
    i18n: ['#i18n', 'i18n'],
    Trans: ['#i18n', 'Trans'],
    useLingui: ['#i18n', 'useLingui'],
  },
};

export default config;
