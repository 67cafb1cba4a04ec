import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import importX from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * Import boundaries (docs/architecture.md, "Import rules"). The SPA (src), the mock backend (mocks)
 * and the server (server) meet only in the shared contract (src/api) and domain rules (src/domain).
 * Inside the SPA, features may import only features listed before them here, so feature folders
 * never form a circle; primitives (src/components, src/lib) know no feature; the shell (src/app)
 * and the routes compose features.
 */
const FEATURE_ORDER = [
  'theme',
  'demo',
  'photos',
  'relations',
  'composer',
  'offline',
  'auth',
  'preferences',
  'terms',
  'comments',
  'history',
  'ruminations',
  'trash',
  'people',
  'notifications',
  'push',
  'account',
];

const featureZones = FEATURE_ORDER.flatMap((feature, index) =>
  FEATURE_ORDER.slice(index + 1).map((later) => ({
    target: `./src/features/${feature}`,
    from: `./src/features/${later}`,
    message: `features/${feature} comes before features/${later} in eslint.config.js FEATURE_ORDER: it may not import it (move what both need down, or let src/app compose them).`,
  })),
);

// The catalogues (src/locales) are shared too: the server and the mock backend translate by them.
const SHARED = ['./api', './domain', './locales'];
const boundaryZones = [
  {
    target: './src',
    from: ['./mocks', './server'],
    message: 'The SPA reaches the mock backend and the server only through HTTP.',
  },
  {
    target: './mocks',
    from: './src',
    except: SHARED,
    message: 'The mock backend shares only src/api, src/domain and src/locales with the SPA.',
  },
  { target: './mocks', from: './server', message: 'The mock backend does not import the server.' },
  {
    target: './server',
    from: './src',
    except: SHARED,
    message: 'The server shares only src/api, src/domain and src/locales with the SPA.',
  },
  { target: './server', from: './mocks', message: 'The server does not import the mock backend.' },
  {
    target: ['./src/api', './src/domain', './src/locales'],
    from: ['./src/app', './src/components', './src/features', './src/lib', './src/routes'],
    message:
      'The contract and the domain rules stand alone: client, mocks and server all use them.',
  },
  {
    target: './src/service-worker',
    from: ['./src/app', './src/components', './src/features', './src/lib', './src/routes'],
    message:
      'The service worker is its own small program: of src/ it imports only src/api and src/domain.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/app', './src/features', './src/routes'],
    message: 'Primitives (src/components, src/lib) know no feature.',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/routes'],
    message: 'Features do not import the shell or the routes; the shell composes features.',
  },
  ...featureZones,
];

/*
 * Tests and scripts (docs/architecture.md, "Import rules"). What both need (the server-process
 * harness, the Vite build, email links, accounts through the API) lives in scripts/support, which
 * imports no other script; scripts never import tests, and tests import of scripts/ only that.
 * The three programs import neither. Outside the server's own tests, code reaches the server through
 * HTTP or a short list of entry points, never its routes, services or queries:
 * - tests/server tests the server's modules one by one (a privacy test calls a service function):
 *   all of server/ is open to it;
 * - tests/e2e writes people straight into a shared database (server/db: createDatabase and the
 *   schema), with their password hashes (server/credentials/password.ts), and signs their tokens as
 *   the server does (server/credentials/access-token.ts);
 * - scripts/bench loads data sets the same way, plus the derived audiences table the server keeps on each write
 *   (modules/relations/viewer-audiences.ts), and, to study the feed's SQL, the feed's own query
 *   (modules/ruminations/rumination-queries.ts);
 * - every other test and script folder: none.
 * Browser journeys drive the SPA through a browser: of src/ they import only the contract.
 */
const DATA_ENTRY_POINTS = ['./db', './credentials/access-token.ts', './credentials/password.ts'];
const BENCH_ENTRY_POINTS = [
  ...DATA_ENTRY_POINTS,
  './modules/relations/viewer-audiences.ts',
  './modules/ruminations/rumination-queries.ts',
];
const testAndScriptZones = [
  {
    target: ['./src', './mocks', './server'],
    from: ['./tests', './scripts'],
    message: 'The SPA, the mock backend and the server import no test and no script.',
  },
  {
    target: './scripts',
    from: './tests',
    message: 'Scripts never import tests: what both need lives in scripts/support.',
  },
  {
    target: './tests',
    from: './scripts',
    except: ['./support'],
    message: 'Of scripts/, tests import only the harness shared with them (scripts/support).',
  },
  {
    target: './scripts/support',
    from: './scripts',
    except: ['./support'],
    message: 'scripts/support is shared with the tests: it imports no other script.',
  },
  {
    target: ['./tests/unit', './tests/component', './tests/mocks', './tests/support'],
    from: './server',
    message: 'Only the server tests (tests/server) import the server.',
  },
  {
    target: './tests/e2e',
    from: './server',
    except: DATA_ENTRY_POINTS,
    message:
      'Browser journeys reach the server through HTTP, or to write data straight into it through server/db and server/credentials (access-token.ts, password.ts; eslint.config.js).',
  },
  {
    target: './scripts/bench',
    from: './server',
    except: BENCH_ENTRY_POINTS,
    message:
      'Benchmarks reach the server through HTTP, or through the entry points listed in eslint.config.js (BENCH_ENTRY_POINTS).',
  },
  {
    target: ['./scripts/hostile', './scripts/support', './scripts/*.{ts,mts,mjs}'],
    from: './server',
    message: 'This script reaches the server through HTTP only (scripts/support starts it).',
  },
  {
    target: ['./tests/e2e', './tests/server', './scripts'],
    from: './src',
    except: SHARED,
    message:
      'Of src/, browser journeys, server tests and scripts share only src/api and src/domain.',
  },
  {
    target: ['./tests/e2e', './tests/server', './scripts'],
    from: './mocks',
    message: 'Browser journeys, server tests and scripts do not import the mock backend.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-demo',
      'dist-server',
      '.dist-server-*',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'public-demo/mockServiceWorker.js',
      'playwright-report',
      'test-results',
      'test-results-pg',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The rules of hooks and React Compiler's checks, where React code is: the SPA and the
    // components of the tests. The server, the mock backend and the scripts hold none, and the
    // compiler's pass over their ~560 files was a third of lint's time.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'mocks/**/*.ts',
      'server/**/*.ts',
      'tests/**/*.{ts,tsx}',
      'scripts/**/*.{ts,mts,mjs}',
    ],
    ...importX.flatConfigs.typescript,
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaryZones, ...testAndScriptZones] },
      ],
    },
  },
  {
    // Every text the screens show goes through Lingui (docs/languages.md): a string in a screen
    // that is not a message is an error, so that no English is left beside another language.
    // Strings with no capital letter (class lists, media queries, selectors, paths), identifiers
    // (camelCase field names, PascalCase kinds, UTC), SVG paths and the attributes that are not
    // words for people are not texts.
    files: ['src/{app,components,features,routes}/**/*.tsx'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            '^[^A-Z]*$',
            '^[a-z]+([A-Z][a-z0-9]*)+$',
            '^[A-Z][a-z]+([A-Z][a-z]+)+$',
            '^[A-Z]{2,}$',
            '^[MmLlHhVvCcSsQqAaZz0-9 .,-]+$',
          ],
          ignoreNames: [
            { regex: { pattern: '(Class|className|QUERY)$' } },
            'key',
            'type',
            'id',
            'role',
            'to',
            'href',
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'closest',
            'querySelector',
            'matchMedia',
            'createFileRoute',
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
