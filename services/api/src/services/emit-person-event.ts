import type { EventType } from '@rp/workflow-safe';
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
  person: { id: string; org_id: string; updated_at: Date | string | null },
  type: Extract<EventType, 'person.created' | 'person.updated'>,
): void {
  const versionMs = type === 'person.updated' ? new Date(person.updated_at ?? NaN).getTime() : undefined;
  // like renders, nothing is started when no webhook listens: a workflow per people write costs Temporal CPU
  const start = hasSubscribers(deps.db, person.org_id, type, null).then((listening) =>
    listening ? deps.temporal.startEmitEvent({ orgId: person.org_id, type, resourceId: person.id }, versionMs) : undefined,
  );
  void start.catch((err: unknown) => {
    (log ?? deps.logger).warn({ err, person_id: person.id, type }, 'could not start the person event workflow');
  });
}
