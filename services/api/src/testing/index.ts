// The API's unit-test harness: the real app driven through app.callback() over a fake database and Temporal client.
// Only the API's own tests import it.
export * from './unit-api';
export * from './fake-api-deps';
