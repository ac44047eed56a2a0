import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * The server's tiers (docs/architecture.md, decision 056), kept by a rule instead of by memory. Each
 * restriction names the tier rule it keeps. They bind the server's own code: tests and the test
 * helpers in `testing/` may assemble and drive any part of it.
 */
const server = 'apps/server/src';
const notTests = ['**/*.test.ts', `${server}/testing/**`];
const registriesOnlyInMain = {
  regex: '(^|/)(function|job)-registry\\.ts$',
  message:
    'Only main/ imports the registries: they are composition roots, and a module below them that imports one closes a circle through every feature.',
};
const noEngineInFeatures = {
  regex: '(^|/)sync/',
  message:
    'No feature imports the sync engine (features/sync/): it is imported by main/ only. Go through the inbox (features/inbox/: ingest, drain nudge, release and replay) or the store of your own feature.',
};
const noFeaturesInProviders = {
  regex: '(^|/)(features/|context\\.ts$)',
  message:
    'providers/ imports no feature and not AppContext: the adapter is handed what it needs (HubSpotAccess) and reports back through callbacks such as onLost.',
};
/**
 * The inbox imports only the bottom tier, the contract and the job queue: `depth` folders below
 * `features/inbox/`, a relative import that leaves the inbox must reach one of those.
 */
const inboxImportsOnlyBelow = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./((db|config|metrics|mail|security|functions)/|jobs/queue\\.ts$|context\\.ts$|logger\\.ts$))`,
  message:
    'features/inbox/ imports only db/, the contract, the job queue and the rest of the bottom tier (functions/, context.ts, config/, metrics/, mail/, security/, logger.ts): it is the door into the engine, and every feature that goes through it imports what it imports.',
});
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'apps/server/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [`${server}/**/*.ts`],
    ignores: [`${server}/main/**`, ...notTests],
    rules: restrictImports(registriesOnlyInMain),
  },
  {
    files: [`${server}/features/**/*.ts`],
    ignores: [`${server}/features/sync/**`, ...notTests],
    rules: restrictImports(registriesOnlyInMain, noEngineInFeatures),
  },
  ...[0, 1, 2].map((depth) => ({
    files: [`${server}/features/inbox/${'*/'.repeat(depth)}*.ts`],
    ignores: notTests,
    rules: restrictImports(inboxImportsOnlyBelow(depth)),
  })),
  {
    files: [`${server}/providers/**/*.ts`],
    ignores: notTests,
    rules: restrictImports(registriesOnlyInMain, noFeaturesInProviders),
  },
);
