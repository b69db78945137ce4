// Lint for every workspace: the type-checked rules of typescript-eslint (promises that are
// neither awaited nor handled, promises passed where a callback's result is ignored, ...), the
// rules of hooks in the two React apps and the UI kit, and plain JavaScript rules for scripts.
// Formatting is Prettier's alone (`npm run format`), so no rule here is about layout.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { typescriptPrograms } from './scripts/typescriptPrograms.mjs';

const programs = typescriptPrograms({ name: 'tsconfig.lint.json', extraInclude: ['vitest.config.ts', 'apps/api/bench'] });

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/build/', '**/dist/', '**/.react-router/', '.node/', 'data/', 'test-results/', 'packages/api-client/src/schema.d.ts'],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // The type check's programs (scripts/typescriptPrograms.mjs): one for the servers and the
        // packages they share, which also holds the files no workspace includes (the root's Vitest
        // config, the API's benchmarks), and below, one for each workspace with options of its own.
        // One program per workspace (the project service's way) read the shared packages a dozen
        // times over.
        project: programs.combined.tsconfig,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `_name` marks a parameter or binding that is there for its position only.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Fastify plugins and the implementations of promise-returning interfaces are async without awaiting.
      '@typescript-eslint/require-await': 'off',
      // React Router's loaders throw `data(null, { status: 404 })` for a page that is not there.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: 'react-router', name: 'DataWithResponseInit' }] }],
    },
  },
  ...programs.own.map(({ workspace, tsconfig }) => ({
    files: [`${workspace}/**/*.{ts,tsx}`],
    languageOptions: { parserOptions: { project: tsconfig } },
  })),
  {
    // Tests and benchmarks read JSON bodies (`any`) field by field; a wrong field fails them anyway.
    files: [
      '**/*.test.{ts,tsx}',
      '**/test/**/*.{ts,tsx}',
      '**/testing/**/*.ts',
      '**/testing.ts',
      '**/*TestKit.ts',
      '**/bench/**/*.ts',
      '**/scripts/bench.ts',
      'apps/platform/faults/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // Only the platform composes the apps: no other app, tests and benchmarks included, and no
  // package imports an app (what tests share is in packages/test-support).
  ...['api', 'dashboard', 'dns', 'site', 'packages'].map((part) => {
    const others = ['api', 'dashboard', 'dns', 'site', 'platform'].filter((app) => app !== part);
    return {
      files: [part === 'packages' ? 'packages/**/*.{ts,tsx}' : `apps/${part}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: others.map((app) => ({ name: `@kaja/${app}`, message: 'Only the platform composes the apps.' })),
            patterns: [
              { group: others.map((app) => `@kaja/${app}/*`), message: 'Only the platform composes the apps; shared test code lives in @kaja/test-support.' },
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['apps/dashboard/**/*.{ts,tsx}', 'apps/site/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A notice for the React Compiler, which the apps do not use (react-hook-form's watch, TanStack Table).
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
