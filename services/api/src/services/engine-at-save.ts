import type { EngineMode, EngineName, Placeholder } from '@rp/common';
import { AppError } from '@rp/errors';
import { staticGate } from '../engine/static-gate';

/** The engine columns a new version starts with (template_versions and its template's copy). */
export interface EngineColumnsAtSave {
  engine_mode: EngineMode;
  engine: EngineName;
  engine_reason: string;
  engine_parity: null;
}

interface VersionContent {
  type: 'image' | 'video';
  format: string;
  composition_html: string;
  placeholders: Placeholder[];
}

/**
 * The decision a version gets when it is saved (docs/engines.md). `chromium` is forced; `native` is forced unless
 * the static gate rules it out (422 naming the reason, field `engine`); `auto` runs the gate and, when it passes,
 * starts on Chromium with `parity_pending` until the parity check (a workflow, startEngineDecision) decides.
 */
export function engineAtSave(mode: EngineMode, content: VersionContent): EngineColumnsAtSave {
  const base = { engine_mode: mode, engine_parity: null } as const;
  if (mode === 'chromium') return { ...base, engine: 'chromium', engine_reason: 'forced' };
  const reason = staticGate(content);
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
