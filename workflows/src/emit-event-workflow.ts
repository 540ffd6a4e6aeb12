import type { EmitEventInput } from '@rp/workflow-safe';
import { events } from './activity-proxies';

/**
 * Emits one event durably (the API after a person write, tests, ops). emitEvent is idempotent per event,
 * so starting this twice for the same event, or a retried activity, never duplicates a delivery.
 */
export async function emitEventWorkflow(input: EmitEventInput): Promise<{ deliveryIds: string[] }> {
  return events.emitEvent(input);
}
