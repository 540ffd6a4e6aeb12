// Every name Temporal knows this platform by: task queues, workflow ids and search-attribute keys. Workflow-safe.
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { EventType, RenderKind } from './constants';

/** Task queues: render workflows and activities run on RENDER; webhook deliveries on WEBHOOKS. */
export const TASK_QUEUES = {
  RENDER: 'render',
  WEBHOOKS: 'webhooks',
} as const;

/**
 * The queue collection items render on beside a workflow's own queue (`render` -> `render-batch`): the render
 * worker serves it from a process of its own at a lower CPU priority (docs/security.md, "Fair share"). Derived
 * from the workflow's queue so tests that run workflows on a private queue get a private batch queue too.
 */
export const batchTaskQueue = (taskQueue: string) => `${taskQueue}-batch`;

/** Workflow ids are derived from row ids so a retried start can never run the same work twice. */
export const workflowIds = {
  render: (kind: RenderKind, renderId: string) => `${kind}-${renderId}`,
  collection: (collectionId: string) => `collection-${collectionId}`,
  /** A collection item's child workflow (imageItemWorkflow on the batch queue, or renderWorkflow for a video item). */
  collectionItem: (collectionId: string, index: number) => `collection-${collectionId}-item-${index}`,
  preview: (previewId: string) => `preview-${previewId}`,
  /** A collection preflight (layout and warnings only); fresh per request like a preview. */
  preflight: (preflightId: string) => `preflight-${preflightId}`,
  /** The parity check of one template version (docs/engines.md); a version is immutable, so one decision each. */
  engineDecision: (templateId: string, version: number) => `engine-decision-${templateId}-${version}`,
  /** The Temporal Schedule of a schedule row. */
  schedule: (scheduleId: string) => `schedule-${scheduleId}`,
  /** Prefix of a scheduled run's workflow id (Temporal appends the run's time). */
  scheduleRun: (scheduleId: string) => `schedule-${scheduleId}-run`,
  /** Series 1 comes from emitEvent; each redelivery is a new series with its own workflow. */
  webhookDelivery: (deliveryId: string, series = 1) =>
    series > 1 ? `webhook-delivery-${deliveryId}-s${series}` : `webhook-delivery-${deliveryId}`,
  /** One id per event: an update is told apart by its updated_at (ms), so a duplicate start is a no-op. */
  event: (type: EventType, resourceId: string, versionMs?: number) =>
    `event-${type}-${resourceId}${versionMs === undefined ? '' : `-${versionMs}`}`,
} as const;

/** Typed keys of the custom search attributes workflows carry, so ops can filter in the Temporal UI. */
export const SA = {
  OrgId: defineSearchAttributeKey('OrgId', SearchAttributeType.KEYWORD),
  RenderKind: defineSearchAttributeKey('RenderKind', SearchAttributeType.KEYWORD),
  TemplateId: defineSearchAttributeKey('TemplateId', SearchAttributeType.KEYWORD),
  RenderStatus: defineSearchAttributeKey('RenderStatus', SearchAttributeType.KEYWORD),
  CollectionId: defineSearchAttributeKey('CollectionId', SearchAttributeType.KEYWORD),
  ScheduleId: defineSearchAttributeKey('ScheduleId', SearchAttributeType.KEYWORD),
} as const;

/** The same keys as the stack registers them with the Temporal CLI (`--search-attribute Name=Keyword`). */
export const SEARCH_ATTRIBUTES = Object.fromEntries(Object.keys(SA).map((k) => [k, 'Keyword'])) as Record<keyof typeof SA, 'Keyword'>;
