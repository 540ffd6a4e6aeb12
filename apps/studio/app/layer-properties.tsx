import type { ImageLayer, Layer, Paint, QrLayer, QrLevel, ShapeLayer, TextLayer } from '@rp/design';
import { QR_LEVELS, TEXT_DEFAULTS, designPlaceholders } from '@rp/design';
import { boxOf, findLayer, mapLayer, withBox, type Doc } from './design-model';
import { Color, Num, Select, Text } from './prop-inputs';

export interface PropsPanelProps {
  doc: Doc;
  selection: string[];
  variant: string | null;
  change: (doc: Doc) => void;
  images: Array<{ id: string; filename: string }>;
  fontFamilies: string[];
}

/** A solid colour or a two-stop linear gradient. */
export function PaintInput({ id, label, value, onChange }: { id: string; label: string; value: Paint | null | undefined; onChange: (p: Paint | null) => void }) {
  const grad = value && typeof value === 'object' ? value : null;
  return (
    <fieldset class="paint">
      <legend>{label}</legend>
      <Select id={`${id}-kind`} label="Kind" value={grad ? 'gradient' : value ? 'solid' : 'none'} options={['none', 'solid', 'gradient']}
        onChange={(k) => onChange(k === 'none' ? null : k === 'solid' ? (typeof value === 'string' ? value : '#3b82f6') : { type: 'linear', angle: 135, stops: [{ offset: 0, color: '#f97316' }, { offset: 1, color: '#db2777' }] })} />
      {typeof value === 'string' && <Color id={id} label="Colour" value={value} onChange={onChange} />}
      {grad && (
        <>
          <Num id={`${id}-angle`} label="Angle (°)" value={grad.angle} onChange={(a) => onChange({ ...grad, angle: a ?? 0 })} />
          {grad.stops.map((s, i) => (
            <Color key={i} id={`${id}-stop-${i}`} label={`Stop ${i + 1}`} value={s.color}
              onChange={(c) => onChange({ ...grad, stops: grad.stops.map((t, j) => (j === i ? { ...t, color: c } : t)) })} />
          ))}
        </>
      )}
    </fieldset>
  );
}

/** Bind a field of the layer to a placeholder by name (existing ones offered), or create one named after the layer. */
function Binding({ l, field, type, doc, set }: { l: Layer; field: string; type: string; doc: Doc; set: (b: Record<string, string | undefined>) => void }) {
  const bindings = ((l as { bindings?: Record<string, string> }).bindings ?? {});
  const names = designPlaceholders(doc.layers).filter((p) => p.type === type).map((p) => p.name);
  const slug = (l.name ?? l.id).toLowerCase().replace(/[^a-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64) || l.id;
  const id = `bind-${field}`;
  return (
    <div class="binding">
      <Text id={id} label={`${field} bound to placeholder (${type})`} value={bindings[field]} list={`${id}-names`}
        onChange={(v) => set({ ...bindings, [field]: v.trim() || undefined })} />
      <datalist id={`${id}-names`}>{names.map((n) => <option key={n} value={n} />)}</datalist>
      {!bindings[field] && <button type="button" id={`${id}-create`} onClick={() => set({ ...bindings, [field]: slug })}>Create placeholder “{slug}”</button>}
    </div>
  );
}

function TextProps({ l, put, props }: { l: TextLayer; put: (p: Partial<TextLayer>) => void; props: PropsPanelProps }) {
  const t = { ...TEXT_DEFAULTS, ...l };
  const mode = l.overflow?.mode ?? 'clip';
  return (
    <>
      <Text id="prop-text" label="Text" value={l.text} multiline onChange={(text) => put({ text })} />
      <Select id="prop-font-family" label="Font" value={t.font_family} options={props.fontFamilies} onChange={(font_family) => put({ font_family })} />
      <div class="prop-row">
        <Num id="prop-font-size" label="Size" value={t.font_size} min={1} onChange={(font_size) => put({ font_size })} />
        <Select id="prop-font-weight" label="Weight" value={String(t.font_weight)} options={['100', '200', '300', '400', '500', '600', '700', '800', '900']} onChange={(w) => put({ font_weight: Number(w) })} />
        <Select id="prop-font-style" label="Style" value={t.font_style} options={['normal', 'italic']} onChange={(s) => put({ font_style: s as TextLayer['font_style'] })} />
      </div>
      <Color id="prop-color" label="Colour" value={t.color} onChange={(color) => put({ color })} />
      <div class="prop-row">
        <Select id="prop-align" label="Align" value={t.align} options={['left', 'center', 'right', 'justify']} onChange={(a) => put({ align: a as TextLayer['align'] })} />
        <Select id="prop-valign" label="Vertical" value={t.vertical_align} options={['top', 'middle', 'bottom']} onChange={(a) => put({ vertical_align: a as TextLayer['vertical_align'] })} />
      </div>
      <div class="prop-row">
        <Num id="prop-line-height" label="Line height" step={0.05} value={t.line_height} onChange={(line_height) => put({ line_height })} />
        <Num id="prop-letter-spacing" label="Letter spacing" step={0.5} value={t.letter_spacing} onChange={(letter_spacing) => put({ letter_spacing })} />
        <Select id="prop-transform" label="Case" value={t.transform} options={['none', 'uppercase', 'lowercase', 'capitalize']} onChange={(x) => put({ transform: x as TextLayer['transform'] })} />
      </div>
      <Select id="prop-shadow" label="Shadow" value={l.shadow ? 'on' : 'off'} options={['off', 'on']}
        onChange={(v) => put({ shadow: v === 'on' ? { x: 0, y: 2, blur: 6, color: 'rgba(0,0,0,0.5)' } : undefined })} />
      {l.shadow && <Color id="prop-shadow-color" label="Shadow colour" value={l.shadow.color} onChange={(color) => put({ shadow: { ...l.shadow!, color } })} />}
      <div class="prop-row">
        <Select id="prop-overflow" label="Overflow" value={mode} options={['clip', 'ellipsis', 'fit']}
          onChange={(m) => put({ overflow: m === 'fit' ? { mode: 'fit', min_size: Math.min(12, t.font_size) } : m === 'ellipsis' ? { mode: 'ellipsis' } : undefined })} />
        {l.overflow?.mode === 'fit' && <Num id="prop-fit-min" label="Fit min size" value={l.overflow.min_size} min={1} onChange={(v) => put({ overflow: { mode: 'fit', min_size: v ?? 6 } })} />}
      </div>
      <Binding l={l} field="text" type="text" doc={props.doc} set={(bindings) => put({ bindings })} />
      <Binding l={l} field="color" type="color" doc={props.doc} set={(bindings) => put({ bindings })} />
    </>
  );
}

function ImageProps({ l, put, props }: { l: ImageLayer; put: (p: Partial<ImageLayer>) => void; props: PropsPanelProps }) {
  const f = l.focal ?? { x: 0.5, y: 0.5 };
  return (
    <>
      <Select id="prop-src-asset" label="Image (asset)" value={l.src ?? ''} options={['', ...props.images.map((a) => `asset://${a.id}`)]} onChange={(src) => put({ src: src || null })} />
      <Text id="prop-src" label="Image source" value={l.src ?? ''} onChange={(src) => put({ src: src || null })} />
      <Select id="prop-fit" label="Fit" value={l.fit ?? 'cover'} options={['cover', 'contain', 'fill']} onChange={(fit) => put({ fit: fit as ImageLayer['fit'] })} />
      <div class="prop-row">
        <Num id="prop-focal-x" label="Focal x (0-1)" step={0.05} min={0} max={1} value={f.x} onChange={(x) => put({ focal: { ...f, x: x ?? 0.5 } })} />
        <Num id="prop-focal-y" label="Focal y (0-1)" step={0.05} min={0} max={1} value={f.y} onChange={(y) => put({ focal: { ...f, y: y ?? 0.5 } })} />
        <Num id="prop-radius" label="Corner radius" min={0} value={l.corner_radius} onChange={(corner_radius) => put({ corner_radius })} />
      </div>
      <Binding l={l} field="src" type="image" doc={props.doc} set={(bindings) => put({ bindings })} />
    </>
  );
}

function ShapeProps({ l, put, props }: { l: ShapeLayer; put: (p: Partial<ShapeLayer>) => void; props: PropsPanelProps }) {
  return (
    <>
      <PaintInput id="prop-fill" label="Fill" value={l.fill} onChange={(fill) => put({ fill })} />
      <div class="prop-row">
        <Color id="prop-stroke-color" label="Stroke" value={l.stroke?.color} onChange={(color) => put({ stroke: { width: l.stroke?.width ?? 2, color } })} />
        <Num id="prop-stroke-width" label="Stroke width" min={0} value={l.stroke?.width} onChange={(width) => put({ stroke: width ? { color: l.stroke?.color ?? '#000000', width } : null })} />
      </div>
      {l.type === 'rect' && <Num id="prop-radius" label="Corner radius" min={0} value={l.corner_radius} onChange={(corner_radius) => put({ corner_radius })} />}
      <Binding l={l} field="fill" type="color" doc={props.doc} set={(bindings) => put({ bindings })} />
    </>
  );
}

function QrProps({ l, put, props }: { l: QrLayer; put: (p: Partial<QrLayer>) => void; props: PropsPanelProps }) {
  return (
    <>
      <Text id="prop-qr-value" label="Value (encoded text)" value={l.value} onChange={(value) => put({ value })} />
      <Select id="prop-qr-level" label="Error correction" value={l.error_correction ?? 'M'} options={QR_LEVELS} onChange={(v) => put({ error_correction: v as QrLevel })} />
      <div class="prop-row">
        <Color id="prop-qr-color" label="Modules" value={l.color ?? '#000000'} onChange={(color) => put({ color })} />
        <Color id="prop-qr-background" label="Background" value={l.background ?? '#ffffff'} onChange={(background) => put({ background })} />
      </div>
      <Binding l={l} field="value" type="text" doc={props.doc} set={(bindings) => put({ bindings })} />
    </>
  );
}

/** The selected layer's box (on the shown variant), rotation and opacity, then what its type has. */
export function PropertiesPanel(props: PropsPanelProps) {
  const { doc, selection, variant, change } = props;
  if (selection.length !== 1) {
    return <section class="props-panel" aria-label="Properties"><h2>Properties</h2><p class="hint">{selection.length ? `${selection.length} layers selected` : 'Select a layer.'}</p></section>;
  }
  const id = selection[0]!;
  const l = findLayer(doc.layers, id);
  if (!l) return null;
  const put = (patch: Partial<Layer>) => change({ ...doc, layers: mapLayer(doc.layers, id, (x) => ({ ...x, ...patch }) as Layer) });
  const b = boxOf(l, variant);
  const box = (k: 'x' | 'y' | 'width' | 'height') => (v: number | undefined) => change({ ...doc, layers: mapLayer(doc.layers, id, (x) => withBox(x, variant, { ...b, [k]: v ?? 0 })) });
  return (
    <section class="props-panel" aria-label="Properties">
      <h2>Properties: {l.name ?? l.id}</h2>
      <div class="prop-row">
        <Num id="prop-x" label="X" value={b.x} onChange={box('x')} />
        <Num id="prop-y" label="Y" value={b.y} onChange={box('y')} />
        <Num id="prop-w" label="W" min={1} value={b.width} onChange={box('width')} />
        <Num id="prop-h" label="H" min={1} value={b.height} onChange={box('height')} />
      </div>
      <div class="prop-row">
        <Num id="prop-rotation" label="Rotation (°)" step={0.5} value={l.rotation ?? 0} onChange={(rotation) => put({ rotation: rotation || undefined })} />
        <Num id="prop-opacity" label="Opacity" step={0.05} min={0} max={1} value={l.opacity ?? 1} onChange={(opacity) => put({ opacity: opacity === 1 ? undefined : opacity })} />
      </div>
      {l.type === 'text' && <TextProps l={l} put={put} props={props} />}
      {l.type === 'image' && <ImageProps l={l} put={put} props={props} />}
      {(l.type === 'rect' || l.type === 'ellipse') && <ShapeProps l={l} put={put} props={props} />}
      {l.type === 'qr' && <QrProps l={l} put={put} props={props} />}
    </section>
  );
}
