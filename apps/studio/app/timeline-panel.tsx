import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { LETTER_PRESETS, MOTION_PRESETS, motionProblems, type Layer, type Motion, type MotionPreset } from '@rp/design';
import { findLayer, mapLayer, type Doc } from './design-model';
import type { History } from './design-history';
import { keyInstants, keyPosition, movedKeyInstant, movedMotion, presetMotion, resizedMotion, timelineMs, withMotion, type MotionEnd } from './timeline-model';

interface Props {
  history: History<Doc>;
  selection: string[];
  select: (ids: string[]) => void;
  playhead: number;
  setPlayhead: (ms: number) => void;
}

/** Follows the pointer from a pointerdown to its pointerup, reporting the ms moved along a track `width` px wide. */
function dragMs(e: PointerEvent, width: number, total: number, move: (dms: number) => void, done: () => void) {
  e.preventDefault();
  e.stopPropagation();
  const sx = e.clientX;
  const onMove = (ev: PointerEvent) => move(((ev.clientX - sx) / width) * total);
  const onUp = () => {
    removeEventListener('pointermove', onMove);
    removeEventListener('pointerup', onUp);
    done();
  };
  addEventListener('pointermove', onMove);
  addEventListener('pointerup', onUp);
}

/** Play: advances the playhead with the clock from where it is, stopping at the end. */
function usePlayback(p: Props, total: number) {
  const [playing, setPlaying] = useState(false);
  const from = useRef({ ms: 0, at: 0 });
  useEffect(() => {
    if (!playing) return;
    from.current = { ms: p.playhead >= total ? 0 : p.playhead, at: performance.now() };
    let frame = 0;
    const tick = (now: number) => {
      const ms = Math.min(total, from.current.ms + now - from.current.at);
      p.setPlayhead(Math.round(ms));
      if (ms >= total) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);
  return { playing, setPlaying };
}

function Bar({ l, end, m, props, width }: { l: Layer; end: MotionEnd; m: Motion; props: Props; width: number }) {
  const { history } = props;
  const total = timelineMs(history.present);
  const drag = (e: PointerEvent, how: (m: Motion, dms: number) => Motion) => {
    const start = history.now();
    props.select([l.id]);
    dragMs(e, width, total, (dms) => history.preview(withMotion(start, l.id, end, how(m, dms))), () => history.commit(start));
  };
  return (
    <div class={`tl-bar tl-${end}`} data-layer={l.id} data-end={end} data-start-ms={m.start_ms} data-duration-ms={m.duration_ms}
      title={`${end}: ${m.preset} ${m.start_ms}–${m.start_ms + m.duration_ms} ms`}
      style={{ left: `${(m.start_ms / total) * 100}%`, width: `${(m.duration_ms / total) * 100}%` }}
      onPointerDown={(e) => drag(e, (x, dms) => movedMotion(x, dms, total))}>
      <span class="tl-label">{m.preset}</span>
      <span class="tl-resize" data-layer={l.id} data-end={end} title="Drag to change the duration"
        onPointerDown={(e) => drag(e, (x, dms) => resizedMotion(x, dms, total))} />
    </div>
  );
}

function Diamond({ l, t, props, width }: { l: Layer; t: number; props: Props; width: number }) {
  const { history } = props;
  const total = timelineMs(history.present);
  const onDown = (e: PointerEvent) => {
    const start = history.now();
    props.select([l.id]);
    dragMs(e, width, total, (dms) => history.preview(movedKeyInstant(start, l.id, t, t + dms, total)), () => history.commit(start));
  };
  return <span class="tl-key" data-layer={l.id} data-t-ms={t} title={`keyframe at ${t} ms`} style={{ left: `${(t / total) * 100}%` }} onPointerDown={onDown} />;
}

/** The enter and exit preset pickers and the x/y key button of the selected layer. */
function LayerMotionTools({ props, l }: { props: Props; l: Layer }) {
  const { history } = props;
  const doc = history.present;
  const presets = MOTION_PRESETS.filter((p) => l.type === 'text' || !LETTER_PRESETS.includes(p));
  const pick = (end: MotionEnd) => (
    <label class="tl-pick">
      {end}{' '}
      <select id={`tl-${end}-preset`} value={l[end]?.preset ?? ''}
        onChange={(e) => {
          const v = e.currentTarget.value as MotionPreset | '';
          history.set(withMotion(doc, l.id, end, v ? { ...(l[end] ?? presetMotion(doc, end, v)), preset: v } : null));
        }}>
        <option value="">none</option>
        {presets.map((p) => {
          // a preset the measured animation table refuses would answer 422 at save: offered, but disabled
          const refused = motionProblems({ ...doc, layers: [{ ...l, [end]: presetMotion(doc, end, p) } as Layer] }, true).length > 0;
          return <option key={p} value={p} disabled={refused}>{refused ? `${p} (refused by the animation table)` : p}</option>;
        })}
      </select>
    </label>
  );
  const key = () => history.set({ ...doc, layers: mapLayer(doc.layers, l.id, (x) => keyPosition(x, props.playhead, timelineMs(doc))) });
  return (
    <>
      {pick('enter')}
      {pick('exit')}
      <button type="button" id="tl-key-xy" onClick={key} title="Keyframe the layer's x and y at the playhead">◆ x/y at playhead</button>
    </>
  );
}

/**
 * The timeline of a video template: a track per top-level layer with its enter and exit bars (drag to move, drag
 * the end to change the length) and keyframe diamonds (drag in time), a playhead the canvas is scrubbed to, play
 * and pause. Every edit goes through the editor's undo history, a drag as one step.
 */
export function TimelinePanel(props: Props) {
  const doc = props.history.present;
  const total = timelineMs(doc);
  const ruler = useRef<HTMLDivElement>(null);
  const { playing, setPlaying } = usePlayback(props, total);
  const width = () => ruler.current?.getBoundingClientRect().width ?? 1;
  const seek = (e: PointerEvent) => {
    const r = ruler.current!.getBoundingClientRect();
    const at = (x: number) => props.setPlayhead(Math.max(0, Math.min(total, Math.round(((x - r.left) / r.width) * total))));
    at(e.clientX);
    dragMs(e, r.width, total, (dms) => at(e.clientX + (dms / total) * r.width), () => undefined);
  };
  const sel = props.selection.length === 1 ? findLayer(doc.layers, props.selection[0]!) : null;
  const ticks = Array.from({ length: Math.floor(total / 1000) + 1 }, (_, i) => i * 1000);
  return (
    <section class="timeline" aria-labelledby="timeline-title">
      <div class="tl-tools">
        <h2 id="timeline-title">Timeline</h2>
        <button type="button" id="tl-play" aria-pressed={playing} onClick={() => setPlaying(!playing)}>{playing ? 'Pause' : 'Play'}</button>
        <span class="meta" id="tl-time">{(props.playhead / 1000).toFixed(2)} s / {(total / 1000).toFixed(1)} s</span>
        {sel && <LayerMotionTools props={props} l={sel} />}
      </div>
      <div class="tl-grid">
        <span class="tl-name" />
        <div class="tl-ruler" id="tl-ruler" ref={ruler} onPointerDown={seek}>
          {ticks.map((t) => <span key={t} class="tl-tick" style={{ left: `${(t / total) * 100}%` }}>{t / 1000}s</span>)}
        </div>
        {[...doc.layers].reverse().map((l) => (
          <Fragment key={l.id}>
            <span class="tl-name" aria-selected={props.selection.includes(l.id)} onClick={() => props.select([l.id])}>{l.name ?? l.id}</span>
            <div class="tl-track" data-layer={l.id}>
              {l.enter && <Bar l={l} end="enter" m={l.enter} props={props} width={width()} />}
              {l.exit && <Bar l={l} end="exit" m={l.exit} props={props} width={width()} />}
              {keyInstants(l).map((t) => <Diamond key={t} l={l} t={t} props={props} width={width()} />)}
            </div>
          </Fragment>
        ))}
        <div class="tl-playhead" id="tl-playhead" data-t-ms={props.playhead} style={{ left: `calc(var(--tl-name) + (100% - var(--tl-name)) * ${props.playhead / total})` }} />
      </div>
    </section>
  );
}
