import { resolveVideoSettings, type RenderKind } from '@rp/workflow-safe';
import type { Knex } from '@rp/db';
import { pendingRenderRow, type LoadedTemplate } from '@rp/render-admission';

export interface CollectionItemInput {
  modifications?: any[];
  metadata?: Record<string, unknown>;
}

export interface NewCollection {
  loaded: LoadedTemplate;
  items: CollectionItemInput[];
  name?: string | null;
  metadata?: Record<string, unknown>;
  /** The schedule whose run made this collection. */
  scheduleId?: string | null;
  /** Size variants every item renders (resolved against the version by the caller), else none. */
  variants?: unknown[];
}

/**
 * Stores a collection, one pending render per item and the item rows, inside the caller's transaction
 * (items already validated). Answers the collection id and the render ids in item order.
 */
export async function insertCollection(trx: Knex.Transaction, orgId: string, c: NewCollection): Promise<{ id: string; renderIds: string[] }> {
  const { template, version } = c.loaded;
  const kind = template.type as RenderKind;
  // items take the template's length and frame rate, by the same rule as a single video
  const videoFields =
    kind === 'video' ? { ...resolveVideoSettings({}, version.canvas_data, version.format).settings, width: version.width, height: version.height } : {};
  const [col] = await trx('collections')
    .insert({
      org_id: orgId,
      template_id: template.id,
      template_version: version.version,
      name: c.name ?? null,
      type: kind,
      status: 'pending',
      total: c.items.length,
      metadata: JSON.stringify(c.metadata ?? {}),
      schedule_id: c.scheduleId ?? null,
    })
    .returning('id');
  const renders = await trx('renders')
    .insert(
      c.items.map((item, index) => ({
        ...pendingRenderRow(orgId, c.loaded, item),
        collection_id: col.id,
        collection_index: index,
        ...videoFields,
        ...(c.variants?.length ? { variants: JSON.stringify(c.variants) } : {}),
      })),
    )
    .returning(['id', 'collection_index']);
  renders.sort((a: any, b: any) => a.collection_index - b.collection_index);
  await trx('collection_items').insert(
    renders.map((r: any) => ({
      org_id: orgId,
      collection_id: col.id,
      index: r.collection_index,
      render_id: r.id,
      metadata: JSON.stringify(c.items[r.collection_index]!.metadata ?? {}),
    })),
  );
  return { id: col.id as string, renderIds: renders.map((r: any) => r.id as string) };
}
