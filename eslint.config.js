// @ts-check
const tseslint = require('typescript-eslint');

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'deploy/**', '*.js', '*.cjs', 'docs/**'] },
  {
    files: ['**/*.ts'],
    ignores: ['packages/studio/**'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: __dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The studio is browser code with its own tsconfig (DOM, Preact JSX), bundled by esbuild.
    files: ['packages/studio/app/**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { project: './packages/studio/tsconfig.json', tsconfigRootDir: __dirname } },
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
);
