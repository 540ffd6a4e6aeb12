// @ts-check
const tseslint = require('typescript-eslint');

// Sibling packages are imported by name through their `exports`, never from their build output.
const noDistImports = {
  group: ['@rp/*/dist', '@rp/*/dist/*', '@rp/*/dist/**', '../../../*'],
  message: 'Import @rp packages by name (their package.json exports), never from dist/.',
};

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'deploy/**', 'sdk/typescript/src/generated/**', 'sdk/python/**', '*.js', '*.cjs', 'docs/**'] },
  {
    files: ['**/*.ts'],
    ignores: ['apps/studio/**/!(*.test).ts', 'sdk/typescript/src/**/!(*.test).ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: __dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'no-restricted-imports': ['error', { patterns: [noDistImports] }],
    },
  },
  {
    // The TypeScript SDK compiles on its own (fetch's DOM types); its generated code is not linted.
    files: ['sdk/typescript/src/**/*.ts'],
    ignores: ['sdk/typescript/src/**/*.test.ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { project: './sdk/typescript/tsconfig.json', tsconfigRootDir: __dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The studio is browser code with its own tsconfig (DOM, Preact JSX), bundled by esbuild; its unit tests are
    // checked with the others (tsconfig.test.json).
    files: ['apps/studio/app/**/*.{ts,tsx}'],
    ignores: ['apps/studio/app/**/*.test.ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { project: './apps/studio/tsconfig.json', tsconfigRootDir: __dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: Node built-ins are banned there.
    files: ['workflows/src/**/*.ts'],
    ignores: ['workflows/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDistImports,
            { group: ['node:*'], message: 'Node built-ins are not allowed in workflow code.' },
            {
              group: ['fs', 'path', 'os', 'crypto', 'http', 'https', 'net', 'dns', 'child_process', 'stream', 'util', 'events', 'worker_threads', 'timers', 'process', 'buffer', 'url', 'zlib', 'tls'],
              message: 'Node built-ins are not allowed in workflow code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The render worker's engine rooms sit two folders deeper (renderer/engines/<engine>/<room>/): they reach the shared
    // renderer three levels up, and leave src/ only five levels up, which stays forbidden.
    files: ['services/render-worker/src/renderer/engines/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ ...noDistImports, group: [...noDistImports.group.slice(0, -1), '../../../../../*'] }] }],
    },
  },
  {
    // The API sees Temporal only through @rp/workflows/gateway (plain values, @rp/errors); its client, handles and
    // error classes stay in workflows/src/client.ts and workflow-gateway.ts.
    files: ['services/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDistImports,
            { group: ['@temporalio/*'], message: 'The API talks to Temporal through @rp/workflows/gateway only.' },
          ],
        },
      ],
    },
  },
  {
    // The size limits of the style guide (README "Style"): files under 300 lines, functions under 60. Whatever is
    // longer says why in its eslint-disable comment. Migrations are left out because a released one is never edited;
    // test/src/bench belongs to the bench owner.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['test/src/bench/**', 'packages/db/src/migrations/**'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 60 }],
    },
  },
  {
    // In tests the long functions are describe() callbacks, which only group cases and their shared fixtures; a case
    // over 60 lines still says why in a comment.
    files: ['**/*.test.ts', 'test/src/**/*.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
);
