export { readStackInfo, stackControl, type StackInfo, type StackStatus, type ProcessStatus } from './control-client';
export { resolveSettings, temporalMetricsPort, apiOpsPort, type StackSettings, type ProfileName } from './profiles';
export { migrateEnvSchema } from './migrate-env';
