import { uploadAsset } from './api';
import { groupLayers, newLayer, ungroup, type Doc, type Meta, type NewLayerKind } from './design-model';
import type { History } from './design-history';
import { STUDIO_LISTS } from './studio-lists';

interface Props {
  history: History<Doc>;
  meta: Meta;
  setMeta: (m: Meta) => void;
  /** Whether the template is saved (its type is then fixed). */
  saved: boolean;
  selection: string[];
  setSelection: (ids: string[]) => void;
  variant: string | null;
  setVariant: (v: string | null) => void;
  zoom: number;
  setZoom: (z: number) => void;
  fit: () => void;
  save: () => void;
  images: Array<{ id: string; filename: string }>;
  reloadAssets: () => void;
  canvas: { width: number; height: number };
}

function ZoomTools(p: Pick<Props, 'fit' | 'setZoom' | 'zoom'>) {
  return (
    <>
      <button type="button" id="zoom-fit" onClick={p.fit}>Fit</button>
      <button type="button" id="zoom-100" onClick={() => p.setZoom(1)}>100%</button>
      <span class="meta" id="zoom-level">{Math.round(p.zoom * 100)}%</span>
    </>
  );
}

/** A video's length and frame rate: canvas_data's duration_seconds and fps (the video template's own fields). */
function VideoFields({ history }: { history: History<Doc> }) {
  const doc = history.present;
  return (
    <>
      <label for="design-duration">Length (s)</label>
      <input id="design-duration" type="number" class="short" min={0.1} step={0.1} value={doc.duration_seconds ?? 5} onChange={(e) => history.set({ ...doc, duration_seconds: Number(e.currentTarget.value) })} />
      <label for="design-fps">FPS</label>
      <input id="design-fps" type="number" class="short" min={1} value={doc.fps ?? 30} onChange={(e) => history.set({ ...doc, fps: Number(e.currentTarget.value) })} />
    </>
  );
}

/** Add layers, group, undo/redo, zoom, the variant shown, the canvas size, the engine and Save. */
export function DesignToolbar(p: Props) {
  const doc = p.history.present;
  const add = (kind: NewLayerKind, src: string | null = null) => {
    const l = newLayer(kind, p.canvas, src);
    p.history.set({ ...doc, layers: [...doc.layers, l] });
    p.setSelection([l.id]);
  };
  async function upload(file: File | undefined) {
    if (!file) return;
    const a = await uploadAsset(file);
    p.reloadAssets();
    add('image', `asset://${a.id}`);
  }
  const group = () => {
    const g = groupLayers(doc.layers, p.selection);
    if (g.id) { p.history.set({ ...doc, layers: g.layers }); p.setSelection([g.id]); }
  };
  // a video's timeline length and frame rate live in canvas_data (the video template's own fields)
  const setType = (type: Meta['type']) => {
    p.setMeta({ ...p.meta, type, format: STUDIO_LISTS.formats[type][0]! });
    if (type === 'video') p.history.set({ ...doc, duration_seconds: doc.duration_seconds ?? 5, fps: doc.fps ?? 30 });
  };
  const ungroupSel = () => p.history.set({ ...doc, layers: p.selection.reduce((ls, id) => ungroup(ls, id), doc.layers) });
  return (
    <div class="design-toolbar" role="toolbar" aria-label="Design tools">
      <button type="button" id="add-text" onClick={() => add('text')}>Text</button>
      <button type="button" id="add-rect" onClick={() => add('rect')}>Rectangle</button>
      <button type="button" id="add-ellipse" onClick={() => add('ellipse')}>Ellipse</button>
      <button type="button" id="add-image" data-assets={p.images.length} onClick={() => add('image', p.images[0] ? `asset://${p.images[0].id}` : null)}>Image</button>
      <button type="button" id="add-qr" onClick={() => add('qr')}>QR code</button>
      <label class="button" for="upload-image">Upload image</label>
      <input id="upload-image" class="sr-only" type="file" accept="image/*" onChange={(e) => void upload(e.currentTarget.files?.[0])} />
      <button type="button" id="group" disabled={p.selection.length < 2} onClick={group}>Group</button>
      <button type="button" id="ungroup" disabled={!p.selection.length} onClick={ungroupSel}>Ungroup</button>
      <button type="button" id="undo" disabled={!p.history.canUndo} onClick={p.history.undo} aria-keyshortcuts="Control+Z">Undo</button>
      <button type="button" id="redo" disabled={!p.history.canRedo} onClick={p.history.redo} aria-keyshortcuts="Control+Shift+Z">Redo</button>
      <ZoomTools {...p} />
      <label for="design-variant">Size</label>
      <select id="design-variant" value={p.variant ?? ''} onChange={(e) => p.setVariant(e.currentTarget.value || null)}>
        <option value="">{p.meta.width}×{p.meta.height} (template)</option>
        {(doc.variants ?? []).map((v) => <option key={v.name} value={v.name}>{v.name} {v.width}×{v.height}</option>)}
      </select>
      <label for="design-width">W</label>
      <input id="design-width" type="number" class="short" value={p.meta.width} onChange={(e) => p.setMeta({ ...p.meta, width: Number(e.currentTarget.value) })} />
      <label for="design-height">H</label>
      <input id="design-height" type="number" class="short" value={p.meta.height} onChange={(e) => p.setMeta({ ...p.meta, height: Number(e.currentTarget.value) })} />
      <label for="design-kind">Kind</label>
      <select id="design-kind" value={p.meta.type} disabled={p.saved} onChange={(e) => setType(e.currentTarget.value as Meta['type'])}>
        {STUDIO_LISTS.templateTypes.map((t) => <option key={t} value={t}>{t}</option>)}
      </select>
      {p.meta.type === 'video' && <VideoFields history={p.history} />}
      <label for="design-engine">Engine</label>
      <select id="design-engine" value={p.meta.engine} onChange={(e) => p.setMeta({ ...p.meta, engine: e.currentTarget.value })}>
        {STUDIO_LISTS.engineModes.map((x) => <option key={x} value={x}>{x}</option>)}
      </select>
      <button type="button" class="primary" id="save-design" onClick={p.save}>Save</button>
    </div>
  );
}
