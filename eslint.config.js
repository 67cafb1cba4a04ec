import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import importX from 'eslint-plugin-import-x';
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
  'offline',
  'auth',
  'terms',
  'relations',
  'comments',
  'ruminations',
  'people',
  'notifications',
  'account',
];

const featureZones = FEATURE_ORDER.flatMap((feature, index) =>
  FEATURE_ORDER.slice(index + 1).map((later) => ({
    target: `./src/features/${feature}`,
    from: `./src/features/${later}`,
    message: `features/${feature} comes before features/${later} in eslint.config.js FEATURE_ORDER: it may not import it (move what both need down, or let src/app compose them).`,
  })),
);

const SHARED = ['./api', './domain'];
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
    message: 'The mock backend shares only src/api and src/domain with the SPA.',
  },
  { target: './mocks', from: './server', message: 'The mock backend does not import the server.' },
  {
    target: './server',
    from: './src',
    except: SHARED,
    message: 'The server shares only src/api and src/domain with the SPA.',
  },
  { target: './server', from: './mocks', message: 'The server does not import the mock backend.' },
  {
    target: ['./src/api', './src/domain'],
    from: ['./src/app', './src/components', './src/features', './src/lib', './src/routes'],
    message:
      'The contract and the domain rules stand alone: client, mocks and server all use them.',
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

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-demo',
      'dist-server',
      '.dist-server-*',
      'data',
      'coverage',
      'node_modules',
      'src/routeTree.gen.ts',
      'public/mockServiceWorker.js',
      'playwright-report',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts', 'server/**/*.ts'],
    ...importX.flatConfigs.typescript,
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
