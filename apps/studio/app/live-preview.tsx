import { useEffect, useRef, useState } from 'preact/hooks';
import { previewUrl } from './api';
import type { Placeholder } from './placeholder-table';
import { messagesByPlaceholder, toModifications } from './values';
import { ErrorBanner } from './ui';

export interface Draft {
  type: 'image' | 'video';
  format: string;
  width: number;
  height: number;
  composition_html: string;
  placeholders: Placeholder[];
  canvas_data: Record<string, unknown>;
}

const DEBOUNCE_MS = 500;

/** One input per placeholder (empty keeps its default), plus the frame time of a video template. */
function ValuesForm(props: {
  draft: Draft;
  values: Record<string, string>;
  onValues: (v: Record<string, string>) => void;
  messages: Record<string, string[]>;
  time: string;
  onTime: (t: string) => void;
}) {
  const { draft, values, messages } = props;
  return (
    <fieldset>
      <legend>Placeholder values</legend>
      {draft.placeholders.length === 0 && <p>No placeholders: add some to get a form here.</p>}
      {draft.placeholders.map((p) => (
        <div class="field" key={p.name}>
          <label for={`value-${p.name}`}>{p.name} <small>({p.type})</small></label>
          <input
            id={`value-${p.name}`}
            type={p.type === 'number' ? 'number' : 'text'}
            placeholder={p.default == null ? '' : String(p.default)}
            value={values[p.name] ?? ''}
            onInput={(e) => props.onValues({ ...values, [p.name]: e.currentTarget.value })}
          />
          {messages[p.name] && <p class="field-error" role="alert" data-field={`value-${p.name}`}>{messages[p.name]!.join('; ')}</p>}
        </div>
      ))}
      {draft.type === 'video' && (
        <div class="field">
          <label for="preview-time">Frame at (seconds)</label>
          <input id="preview-time" type="number" min="0" step="0.1" value={props.time} onInput={(e) => props.onTime(e.currentTarget.value)} />
        </div>
      )}
    </fieldset>
  );
}

/**
 * The values form (generated from the placeholders) and the live preview: POST /v1/previews with the unsaved draft,
 * DEBOUNCE_MS after the last change. A request that a newer one overtook is dropped.
 */
export function LivePreview(props: { draft: Draft; values: Record<string, string>; onValues: (v: Record<string, string>) => void; onError: (e: unknown) => void }) {
  const { draft, values } = props;
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [seq, setSeq] = useState(0);
  const [time, setTime] = useState('0');
  const latest = useRef(0);
  const mods = toModifications(draft.placeholders, values);
  const key = JSON.stringify([draft, mods, time]);

  useEffect(() => {
    const mine = ++latest.current;
    // pending from the change on (debounce included), until the newest request has answered
    setBusy(true);
    const timer = setTimeout(async () => {
      try {
        const body = { template: draft, modifications: mods, ...(draft.type === 'video' ? { time_seconds: Number(time) || 0 } : {}) };
        const url = await previewUrl(body);
        if (mine !== latest.current) return URL.revokeObjectURL(url);
        setSrc((old) => {
          if (old) URL.revokeObjectURL(old);
          return url;
        });
        setSeq((n) => n + 1);
        setError(null);
        props.onError(null);
      } catch (e) {
        if (mine !== latest.current) return;
        setError(e);
        props.onError(e);
      } finally {
        if (mine === latest.current) setBusy(false);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  return (
    <section class="preview-pane" aria-labelledby="preview-title">
      <h2 id="preview-title">Live preview</h2>
      <ValuesForm draft={draft} values={values} onValues={props.onValues} messages={messagesByPlaceholder(error, mods)} time={time} onTime={setTime} />
      <p class="preview-status" aria-live="polite">{busy ? 'Rendering preview…' : error ? 'Preview failed' : src ? 'Preview up to date' : ''}</p>
      <ErrorBanner error={error} />
      <div class="preview-frame" data-pending={String(busy)}>
        {src && <img id="preview-image" data-seq={seq} src={src} alt="Live preview of the template" />}
      </div>
    </section>
  );
}
