// The helpers tests beside the code share with the end-to-end suites. Layer 2 (.dependency-cruiser.cjs): it imports
// no service, workflow or tool, so a service's test that uses it closes no cycle back to the service.
export * from './png';
export * from './media';
export * from './static-server';
export * from './animated';
export * from './private-use-font';
export * from './wait-for';
