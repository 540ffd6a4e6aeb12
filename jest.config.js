// One Jest config for every workspace. Unit tests sit next to code (*.test.ts); end-to-end tests in test/src.
// The stack (Postgres, MinIO, Temporal, API, workers) is started by scripts/test.sh before Jest runs.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/workflows', '<rootDir>/test'],
  testMatch: ['**/src/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/.*\\.test\\.js$'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  testTimeout: 120000,
  slowTestThreshold: 30,
};
