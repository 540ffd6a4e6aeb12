import { SA } from '@rp/workflow-safe';

export { SA };

/** What a render or collection workflow starts with: visible in the Temporal UI and queryable before it runs. */
export function pendingSearchAttributes(a: { orgId: string; kind: string; templateId: string; collectionId?: string; scheduleId?: string | null }) {
  return [
    { key: SA.OrgId, value: a.orgId },
    { key: SA.RenderKind, value: a.kind },
    { key: SA.TemplateId, value: a.templateId },
    ...(a.collectionId ? [{ key: SA.CollectionId, value: a.collectionId }] : []),
    ...(a.scheduleId ? [{ key: SA.ScheduleId, value: a.scheduleId }] : []),
    { key: SA.RenderStatus, value: 'pending' },
  ];
}

/** What a delivery workflow starts with: found by org, by webhook and by status before its first attempt. */
export function deliverySearchAttributes(a: { orgId: string; webhookId: string }) {
  return [
    { key: SA.OrgId, value: a.orgId },
    { key: SA.WebhookId, value: a.webhookId },
    { key: SA.DeliveryStatus, value: 'pending' },
  ];
}
