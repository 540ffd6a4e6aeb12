// The security suites share the common error assertions.
export { expectError, expectHealthy, fieldsOf } from '../index';
