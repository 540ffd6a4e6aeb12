import { NATIVE_FONT_TABLE, type FontTable } from '@rp/workflow-safe';

/**
 * The faces the native engine registers at start-up: every installed face of the font table
 * (packages/workflow-safe native-font-table.ts, measured from Chromium on this platform's fontconfig; the static
 * gate reads the same table). Each file is registered under its fontconfig family with its weight and style, and
 * every font-family list is rewritten to these names before takumi sees it (native-font-families.ts), so aliases
 * such as Arial need no registration of their own. Registration order is takumi's fallback chain for glyphs a face
 * lacks: the faces the generic families resolve to, then the emoji face (Chromium draws emoji presentation in
 * colour, while DejaVu Sans has monochrome glyphs for some of them), then the rest alphabetically (DejaVu's wide
 * coverage). A missing file is skipped (logged by the engine process), so a smaller font set degrades to fallback
 * glyphs, never a failed start. Installed by scripts/setup.sh and the worker image.
 */
export interface SystemFace {
  file: string;
  name: string;
  weight: number;
  style: 'normal' | 'italic';
  generic?: Generic;
}

type Generic = 'serif' | 'sans-serif' | 'monospace' | 'system-ui' | 'emoji' | 'cursive' | 'fantasy';
const GENERICS: Generic[] = ['serif', 'sans-serif', 'monospace', 'system-ui', 'cursive', 'fantasy', 'emoji'];
const PRIMARY: Generic[] = ['serif', 'sans-serif', 'monospace'];

export function systemFaces(table: FontTable = NATIVE_FONT_TABLE): SystemFace[] {
  const genericOf = (family: string) => GENERICS.find((g) => table.families[g] === family);
  const rank = (family: string) => {
    const primary = PRIMARY.findIndex((g) => table.families[g] === family);
    if (primary >= 0) return primary;
    return table.families.emoji === family ? PRIMARY.length : PRIMARY.length + 1;
  };
  const families = Object.keys(table.faces).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return families.flatMap((name) => {
    const generic = genericOf(name);
    return table.faces[name]!.map((f): SystemFace => ({ file: f.file, name, weight: f.weight, style: f.style, ...(generic ? { generic } : {}) }));
  });
}

export const SYSTEM_FACES: readonly SystemFace[] = systemFaces();

/** The family Chromium uses where a document names none. */
export const DEFAULT_FAMILY = NATIVE_FONT_TABLE.default;
