// One Jest config for every workspace. Unit tests sit next to code (*.test.ts); end-to-end tests in test/src.
// The stack (Postgres, MinIO, Temporal, API, workers) is started by scripts/test.sh before Jest runs.
// TEST_TIER=containers selects the container tier (test/src/containers: the services run from their images under
// podman); every other run leaves it out. scripts/test.sh runs both tiers, each against its own stack.
const containerTier = process.env.TEST_TIER === 'containers';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: containerTier
    ? ['<rootDir>/test/src/containers']
    : ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/workflows', '<rootDir>/test'],
  testMatch: ['**/src/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', ...(containerTier ? [] : ['/test/src/containers/'])],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/.*\\.test\\.js$'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  testTimeout: 120000,
  slowTestThreshold: 30,
};
