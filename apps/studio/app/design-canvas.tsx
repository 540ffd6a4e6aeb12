import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { compileDesign, layerBindings, type Box } from '@rp/design';
import { findLayer, resolveVariant, type Doc } from './design-model';
import { absoluteBox, startMarquee, startMove, startPan, startResize, startRotate, type GestureContext } from './canvas-gestures';
import type { Guide } from './snap';

const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
const HANDLE_AT: Record<string, [number, number]> = { nw: [0, 0], n: [50, 0], ne: [100, 0], e: [100, 50], se: [100, 100], s: [50, 100], sw: [0, 100], w: [0, 50] };

/** The compiled HTML of the shown variant, with asset:// sources pointed at the assets' download URLs. */
function stageHtml(doc: Doc, variant: string | null, assetUrls: Record<string, string>): string {
  const html = compileDesign({ ...doc, layers: resolveVariant(doc.layers, variant), variants: undefined, fonts: [] });
  return html.replace(/asset:\/\/([0-9a-fA-F-]{36})/g, (m, id: string) => (assetUrls[id] ? assetUrls[id]!.replace(/&/g, '&amp;').replace(/"/g, '&quot;') : m));
}

/** The top-level layer an element of the drawn design belongs to (a group is picked as a whole). */
function pickedLayer(target: EventTarget | null): string | null {
  let el = target instanceof Element ? target.closest('[id^="l-"]') : null;
  while (el && !el.parentElement?.hasAttribute('data-design-root')) el = el.parentElement?.closest('[id^="l-"]') ?? null;
  return el ? el.id.slice(2) : null;
}

function Frame({ doc, id, variant, zoom, single }: { doc: Doc; id: string; variant: string | null; zoom: number; single: boolean }) {
  const b = absoluteBox(doc, id, variant);
  const l = findLayer(doc.layers, id);
  if (!b || !l) return null;
  const size = 10 / zoom;
  return (
    <div class="sel-frame" data-layer={id} data-locked={String(!!l.locked)}
      style={{ left: b.x, top: b.y, width: b.width, height: b.height, transform: l.rotation ? `rotate(${l.rotation}deg)` : undefined, borderWidth: 1.5 / zoom }}>
      {single && !l.locked && HANDLES.map((h) => (
        <div key={h} class="handle" data-handle={h} data-layer={id} title={`Resize (${h})`}
          style={{ left: `calc(${HANDLE_AT[h]![0]}% - ${size / 2}px)`, top: `calc(${HANDLE_AT[h]![1]}% - ${size / 2}px)`, width: size, height: size, cursor: `${h}-resize` }} />
      ))}
      {single && !l.locked && (
        <div class="handle rotate-handle" data-handle="rotate" data-layer={id} title="Rotate"
          style={{ left: `calc(50% - ${size / 2}px)`, top: -28 / zoom, width: size, height: size }} />
      )}
    </div>
  );
}

/**
 * The compiled CSS animations of the drawn design, paused at `ms` after every render: the canvas shows the instant
 * the renderer draws at that time (the same CSS, so the same frame). The animations are kept across renders because
 * one paused past its end without a forwards fill is no longer listed by getAnimations(), yet must come back when
 * the playhead does; those of elements no longer drawn are dropped.
 */
function usePausedAt(ms: number) {
  const render = useRef<HTMLDivElement>(null);
  const known = useRef(new Set<Animation>());
  useLayoutEffect(() => {
    for (const a of render.current?.getAnimations({ subtree: true }) ?? []) known.current.add(a);
    for (const a of known.current) {
      const target = (a.effect as KeyframeEffect | null)?.target;
      if (!target?.isConnected) {
        known.current.delete(a);
        continue;
      }
      a.pause();
      a.currentTime = ms;
    }
  });
  return render;
}

/** What the gestures work on, less the guides and marquee the canvas keeps itself; plus the assets to draw. */
export interface CanvasProps extends Omit<GestureContext, 'setGuides' | 'setMarquee'> {
  assetUrls: Record<string, string>;
  viewportRef: { current: HTMLDivElement | null };
}

/**
 * The canvas: the design drawn by the compiler itself (so it is the HTML the renderer gets), scaled by the zoom,
 * with an overlay of selection frames, handles, placeholder tags, snap guides and the marquee.
 */
export function DesignCanvas(props: CanvasProps) {
  const { history, variant, canvas, zoom, selection } = props;
  const doc = history.present;
  const stage = useRef<HTMLDivElement>(null);
  const [guides, setGuides] = useState<Guide[]>([]);
  const [marquee, setMarquee] = useState<Box | null>(null);
  const space = useRef(false);
  const ctx: GestureContext = { history, variant, canvas, zoom, selection, select: props.select, setGuides, setMarquee, keyAt: props.keyAt };
  const render = usePausedAt(props.keyAt?.t ?? 0);

  function onPointerDown(e: PointerEvent) {
    if (e.button === 1 || space.current) return void startPan(e, props.viewportRef.current!);
    if (e.button !== 0) return;
    e.preventDefault();
    props.viewportRef.current?.focus({ preventScroll: true });
    const t = e.target as HTMLElement;
    const handle = t.getAttribute?.('data-handle');
    const layerId = t.getAttribute?.('data-layer');
    if (handle && layerId) {
      if (handle === 'rotate') return startRotate(e, ctx, layerId, () => stage.current!.getBoundingClientRect());
      return startResize(e, ctx, layerId, handle);
    }
    const picked = layerId ?? pickedLayer(t);
    const layer = picked ? findLayer(doc.layers, picked) : null;
    if (!picked || !layer || layer.locked) {
      const r = stage.current!.getBoundingClientRect();
      return startMarquee(e, ctx, { x: (e.clientX - r.left) / zoom, y: (e.clientY - r.top) / zoom });
    }
    let ids = selection;
    if (e.shiftKey) ids = selection.includes(picked) ? selection.filter((s) => s !== picked) : [...selection, picked];
    else if (!selection.includes(picked)) ids = [picked];
    props.select(ids);
    if (ids.includes(picked)) startMove(e, ctx, ids);
  }

  const tags = layerBindings(doc.layers);
  return (
    <div class="design-viewport" ref={props.viewportRef} tabIndex={0} aria-label="Design canvas"
      onKeyDown={(e) => { if (e.key === ' ') space.current = true; }} onKeyUp={(e) => { if (e.key === ' ') space.current = false; }}>
      <div class="design-stage-wrap" style={{ width: canvas.width * zoom + 80, height: canvas.height * zoom + 80 }}>
        <div id="design-stage" class="design-stage" ref={stage} data-zoom={zoom} onPointerDown={onPointerDown}
          style={{ width: canvas.width, height: canvas.height, transform: `scale(${zoom})` }}>
          <div class="design-render" ref={render} dangerouslySetInnerHTML={{ __html: stageHtml(doc, variant, props.assetUrls) }} />
          <div class="design-overlay">
            {tags.map((t) => {
              const b = absoluteBox(doc, t.layer.id, variant);
              return b && <span key={`${t.layer.id}-${t.key}`} class="ph-tag" style={{ left: b.x, top: b.y, fontSize: 11 / zoom }}>{`{${t.name}}`}</span>;
            })}
            {selection.map((id) => <Frame key={id} doc={doc} id={id} variant={variant} zoom={zoom} single={selection.length === 1} />)}
            {guides.map((g, i) => (
              <div key={i} class="snap-guide" data-axis={g.axis}
                style={g.axis === 'x' ? { left: g.at, top: 0, height: canvas.height, width: 1 / zoom } : { top: g.at, left: 0, width: canvas.width, height: 1 / zoom }} />
            ))}
            {marquee && <div class="marquee" style={{ left: marquee.x, top: marquee.y, width: marquee.width, height: marquee.height }} />}
          </div>
        </div>
      </div>
    </div>
  );
}
