import type { Modification, RenderKind } from '@rp/workflow-safe';
import type { LoadedTemplate } from './load-template';

export interface RenderInputs {
  modifications?: Modification[];
  metadata?: Record<string, unknown>;
}

/**
 * The columns every new render starts with, however it was asked for (single, collection item, render URL): pending,
 * pinned to the template's current version so a later edit cannot change what it renders.
 */
export function pendingRenderRow(orgId: string, { template, version }: LoadedTemplate, inputs: RenderInputs) {
  return {
    org_id: orgId,
    kind: template.type as RenderKind,
    template_id: template.id as string,
    template_version: version.version as number,
    status: 'pending' as const,
    modifications: JSON.stringify(inputs.modifications ?? []),
    metadata: JSON.stringify(inputs.metadata ?? {}),
  };
}
