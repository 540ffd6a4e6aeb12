import { useEffect } from 'preact/hooks';
import type { Layer } from '@rp/design';
import { boxOf, findLayer, groupLayers, mapLayer, removeLayers, ungroup, withBox, type Doc } from './design-model';
import type { History } from './design-history';

const editable = (t: EventTarget | null) => t instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.isContentEditable);

/** Moves the selected, unlocked layers by (dx, dy) on the shown variant. */
export function nudge(doc: Doc, ids: string[], variant: string | null, dx: number, dy: number): Doc {
  let layers = doc.layers;
  for (const id of ids) {
    const l = findLayer(layers, id);
    if (!l || l.locked) continue;
    const b = boxOf(l, variant);
    layers = mapLayer(layers, id, (x: Layer) => withBox(x, variant, { ...b, x: b.x + dx, y: b.y + dy }));
  }
  return { ...doc, layers };
}

/**
 * The editor's keys while the canvas has focus: arrows nudge by 1 px (Shift: 10), Delete removes, Ctrl/Cmd+Z undoes,
 * Ctrl/Cmd+Shift+Z or Ctrl+Y redoes, Ctrl/Cmd+G groups, Ctrl/Cmd+Shift+G ungroups, Escape clears the selection.
 */
export function useDesignKeys(viewport: { current: HTMLElement | null }, history: History<Doc>, selection: string[], select: (ids: string[]) => void, variant: string | null) {
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const on = (e: KeyboardEvent) => {
      if (editable(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      const doc = history.now();
      const step = e.shiftKey ? 10 : 1;
      const arrows: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      const key = e.key.toLowerCase();
      if (arrows[e.key] && selection.length) history.set(nudge(doc, selection, variant, ...arrows[e.key]!));
      else if ((e.key === 'Delete' || e.key === 'Backspace') && selection.length) {
        history.set({ ...doc, layers: removeLayers(doc.layers, new Set(selection)) });
        select([]);
      } else if (mod && key === 'z') e.shiftKey ? history.redo() : history.undo();
      else if (mod && key === 'y') history.redo();
      else if (mod && key === 'g' && e.shiftKey) selection.forEach((id) => history.set({ ...history.now(), layers: ungroup(history.now().layers, id) }));
      else if (mod && key === 'g') {
        const g = groupLayers(doc.layers, selection);
        if (g.id) {
          history.set({ ...doc, layers: g.layers });
          select([g.id]);
        }
      } else if (e.key === 'Escape') select([]);
      else return;
      e.preventDefault();
    };
    el.addEventListener('keydown', on);
    return () => el.removeEventListener('keydown', on);
  });
}
