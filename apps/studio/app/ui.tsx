import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from './api';

/** A labelled control with the API's messages for its field right under it (linked by aria-describedby). */
export function Field(props: { id: string; label: string; error?: unknown; field?: string; children: ComponentChildren }) {
  const messages = props.error instanceof ApiError && props.field ? props.error.forField(props.field) : [];
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {messages.length > 0 && (
        <p class="field-error" id={`${props.id}-error`} role="alert" data-field={props.field}>
          {messages.join('; ')}
        </p>
      )}
    </div>
  );
}

/** The error of a whole request, for what no field shows. */
export function ErrorBanner({ error }: { error: unknown }) {
  if (!error) return null;
  const e = error as Error & { code?: string };
  return (
    <p class="error-banner" role="alert">
      {e.code ? <code>{e.code}</code> : null} {e.message}
    </p>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span class={`status status-${status}`}>{status}</span>;
}

export const isFinal = (status: string) => ['completed', 'failed', 'completed_with_errors', 'succeeded'].includes(status);

/** Loads on mount and again every `everyMs` while `again(data)` holds (live lists, progress). */
export function usePolled<T>(load: () => Promise<T>, deps: unknown[], everyMs = 0, again: (d: T) => boolean = () => true) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      try {
        const d = await load();
        if (stop) return;
        setData(d);
        setError(null);
        if (everyMs > 0 && again(d)) timer = setTimeout(run, everyMs);
      } catch (e) {
        if (!stop) setError(e);
      }
    };
    void run();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [...deps, tick]);
  return { data, error, reload: () => setTick((t) => t + 1) };
}

export const fmtDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** Every list of the studio: a header row of column names, then one row per item. */
export function ListTable<T>(props: { id: string; columns: ComponentChildren[]; items: T[]; row: (item: T) => ComponentChildren }) {
  return (
    <table class="list" id={props.id}>
      <thead>
        <tr>
          {props.columns.map((c, i) => (
            <th scope="col" key={i}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>{props.items.map(props.row)}</tbody>
    </table>
  );
}

/** A labelled choice among fixed options, as the list filters offer: [value, text] pairs. */
export function SelectFilter(props: { id: string; label: string; value: string; options: [string, string][]; onChange: (value: string) => void }) {
  return (
    <label>
      {props.label}
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>{text}</option>
        ))}
      </select>
    </label>
  );
}
