// Row -> API resource shapes, used by the API (responses) and the webhook worker (event payloads).
export * from './serialize';
