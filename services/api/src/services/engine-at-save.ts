import type { EngineMode, EngineName, PinnedResource, Placeholder } from '@rp/workflow-safe';
import type { TemplateRow } from '@rp/db';
import type { ApiDeps } from '../deps';
import { AppError } from '@rp/errors';
import { staticGate } from '@rp/engine-gate';

/** The engine columns a new version starts with (template_versions and its template's copy). */
export interface EngineColumnsAtSave {
  engine_mode: EngineMode;
  engine: EngineName;
  engine_reason: string;
  engine_parity: null;
}

interface VersionContent {
  type: string;
  format: string;
  composition_html: string;
  placeholders: Placeholder[];
}

/**
 * The decision a version gets when it is saved (docs/engines.md). `chromium` is forced; `native` is forced unless
 * the static gate rules it out (422 naming the reason, field `engine`); `auto` runs the gate and, when it passes,
 * starts on Chromium with `parity_pending` until the parity check (a workflow, startEngineDecision) decides.
 * The gate is given the version's manifest (`pinned`): a pinned `@font-face` source loads on the native engine, and a
 * pinned stylesheet is judged by the verdict the render worker recorded when it pinned it (docs/pinning.md).
 */
export function engineAtSave(mode: EngineMode, content: VersionContent, pinned: readonly PinnedResource[]): EngineColumnsAtSave {
  const base = { engine_mode: mode, engine_parity: null } as const;
  if (mode === 'chromium') return { ...base, engine: 'chromium', engine_reason: 'forced' };
  const reason = staticGate({ ...content, pinned_resources: pinned });
  if (mode === 'native') {
    if (reason) {
      throw new AppError(422, 'engine_unsupported', `The native engine cannot render this template: ${reason}`, {
        details: [{ field: 'engine', message: `native is ruled out by the static gate: ${reason}` }],
      });
    }
    return { ...base, engine: 'native', engine_reason: 'forced' };
  }
  return { ...base, engine: 'chromium', engine_reason: reason ?? 'parity_pending' };
}

/**
 * Starts the parity check of a template's current version when it waits for one. The save has committed and
 * stands either way: the version renders with Chromium until decided, and a start that fails here (Temporal away)
 * is made by the render worker's sweeper for versions pending over 30 s, so the failure is only logged.
 */
export async function startEngineDecision(deps: Pick<ApiDeps, 'temporal' | 'logger'>, row: TemplateRow): Promise<void> {
  if (row.engine_reason !== 'parity_pending') return;
  const input = { orgId: row.org_id, templateId: row.id, version: row.current_version };
  try {
    await deps.temporal.startEngineDecision(input);
  } catch (err) {
    deps.logger.warn({ err, template_id: row.id, version: row.current_version }, 'engine decision not started; the sweeper will start it');
  }
}
