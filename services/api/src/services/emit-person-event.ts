import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { TASK_QUEUES, type EventType } from '@rp/common';
import { SA, type emitEventWorkflow } from '@rp/workflows/dist/client';
import { hasSubscribers } from '@rp/db';
import type { ApiDeps } from '../deps';

/**
 * Starts the durable emit-event workflow for a person write (webhook subscribers of person.created/updated).
 * Fire-and-forget: the write is already committed, so a Temporal outage must neither fail nor slow the
 * request; it is logged and that event is lost. The workflow id is per event (an update is identified by its
 * updated_at), so a duplicate start is a no-op.
 */
export function emitPersonEvent(
  deps: ApiDeps,
  log: { warn: (obj: object, msg: string) => void } | undefined,
  person: { id: string; org_id: string; updated_at: string | null },
  type: Extract<EventType, 'person.created' | 'person.updated'>,
): void {
  const suffix = type === 'person.updated' ? `-${Date.parse(person.updated_at ?? '')}` : '';
  // like renders, nothing is started when no webhook listens: a workflow per people write costs Temporal CPU
  const start = hasSubscribers(deps.db, person.org_id, type, null).then((listening) =>
    listening
      ? deps.temporal.workflow.start<typeof emitEventWorkflow>('emitEventWorkflow', {
          taskQueue: TASK_QUEUES.WEBHOOKS,
          workflowId: `event-${type}-${person.id}${suffix}`,
          args: [{ orgId: person.org_id, type, resourceId: person.id }],
          typedSearchAttributes: [{ key: SA.OrgId, value: person.org_id }],
        })
      : undefined,
  );
  void start.catch((err: unknown) => {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    (log ?? deps.logger).warn({ err, person_id: person.id, type }, 'could not start the person event workflow');
  });
}
