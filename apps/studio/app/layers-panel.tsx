import type { Layer } from '@rp/design';
import { mapLayer, reorder, type Doc } from './design-model';

interface Props {
  doc: Doc;
  selection: string[];
  select: (ids: string[]) => void;
  change: (doc: Doc) => void;
}

const KIND: Record<Layer['type'], string> = { text: 'T', image: 'Img', rect: 'Rect', ellipse: 'Ell', qr: 'QR', group: 'Grp' };

function Row({ l, depth, props }: { l: Layer; depth: number; props: Props }) {
  const { doc, selection, select, change } = props;
  const set = (patch: Partial<Layer>) => change({ ...doc, layers: mapLayer(doc.layers, l.id, (x) => ({ ...x, ...patch }) as Layer) });
  const name = l.name ?? l.id;
  return (
    <>
      <li class="layer-row" data-layer={l.id} aria-selected={selection.includes(l.id)} style={{ paddingLeft: `${depth * 14}px` }}
        onClick={(e) => select(e.shiftKey ? [...selection, l.id] : [l.id])}>
        <span class="layer-kind">{KIND[l.type]}</span>
        <input class="layer-name" aria-label={`Name of layer ${name}`} value={name} onClick={(e) => e.stopPropagation()}
          onChange={(e) => set({ name: e.currentTarget.value })} />
        <button type="button" class="layer-visible" aria-pressed={l.visible !== false} aria-label={`${l.visible === false ? 'Show' : 'Hide'} ${name}`}
          onClick={(e) => { e.stopPropagation(); set({ visible: l.visible === false ? undefined : false }); }}>{l.visible === false ? '◌' : '●'}</button>
        <button type="button" class="layer-lock" aria-pressed={!!l.locked} aria-label={`${l.locked ? 'Unlock' : 'Lock'} ${name}`}
          onClick={(e) => { e.stopPropagation(); set({ locked: l.locked ? undefined : true }); }}>{l.locked ? '🔒' : '🔓'}</button>
        <button type="button" class="layer-up" aria-label={`Move ${name} up`} onClick={(e) => { e.stopPropagation(); change({ ...doc, layers: reorder(doc.layers, l.id, 1) }); }}>▲</button>
        <button type="button" class="layer-down" aria-label={`Move ${name} down`} onClick={(e) => { e.stopPropagation(); change({ ...doc, layers: reorder(doc.layers, l.id, -1) }); }}>▼</button>
      </li>
      {l.type === 'group' && [...l.children].reverse().map((c) => <Row key={c.id} l={c} depth={depth + 1} props={props} />)}
    </>
  );
}

/** The layers, top of the stack first (the list's end is drawn last): select, rename, hide, lock and reorder. */
export function LayersPanel(props: Props) {
  return (
    <section class="layers-panel" aria-labelledby="layers-title">
      <h2 id="layers-title">Layers</h2>
      {props.doc.layers.length === 0 && <p class="hint">No layers yet: add one from the toolbar.</p>}
      <ul id="layers-list">
        {[...props.doc.layers].reverse().map((l) => <Row key={l.id} l={l} depth={0} props={props} />)}
      </ul>
    </section>
  );
}
