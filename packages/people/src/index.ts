// Collections made from people, shared by the API (POST /v1/collections/from-people, schedule checks) and the render
// worker (scheduled runs), so both select, map and store people alike.
export * from './people-query';
export * from './month-day-filter';
export * from './map-person-to-modifications';
export * from './insert-collection';
export * from './items-from-people';
export * from './local-date';
