// Library surface of the webhook worker (tests, tools); main.ts is the process entry point.
export * from './config';
export * from './create-webhook-activities';
export * from './activity-deps';
export * from './retry-schedule';
export * from './retry-after';
export * from './sign-webhook';
export * from './send-webhook';
export * from './webhook-metrics';
export * from './memory-budget';
