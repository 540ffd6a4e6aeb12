// Small labelled inputs of the properties panel; each one reports a committed value (change, not every keystroke).

export function Num(props: { id: string; label: string; value: number | undefined; onChange: (v: number | undefined) => void; step?: number; min?: number; max?: number }) {
  return (
    <label class="prop" for={props.id}>
      <span>{props.label}</span>
      <input id={props.id} type="number" step={props.step ?? 1} min={props.min} max={props.max} value={props.value ?? ''}
        onChange={(e) => {
          const v = e.currentTarget.value;
          props.onChange(v === '' ? undefined : Number(v));
        }} />
    </label>
  );
}

export function Text(props: { id: string; label: string; value: string | undefined; onChange: (v: string) => void; list?: string; multiline?: boolean }) {
  return (
    <label class="prop" for={props.id}>
      <span>{props.label}</span>
      {props.multiline
        ? <textarea id={props.id} rows={3} value={props.value ?? ''} onChange={(e) => props.onChange(e.currentTarget.value)} />
        : <input id={props.id} list={props.list} value={props.value ?? ''} onChange={(e) => props.onChange(e.currentTarget.value)} />}
    </label>
  );
}

export function Select(props: { id: string; label: string; value: string | undefined; options: readonly string[]; onChange: (v: string) => void }) {
  return (
    <label class="prop" for={props.id}>
      <span>{props.label}</span>
      <select id={props.id} value={props.value ?? props.options[0]} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {props.options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    </label>
  );
}

/** A colour: the picker for #rrggbb and a text field for any CSS colour the API accepts. */
export function Color(props: { id: string; label: string; value: string | undefined; onChange: (v: string) => void }) {
  const hex = /^#[0-9a-f]{6}$/i.test(props.value ?? '') ? props.value : '#000000';
  return (
    <label class="prop" for={props.id}>
      <span>{props.label}</span>
      <span class="color-pair">
        <input type="color" aria-label={`${props.label} picker`} value={hex} onInput={(e) => props.onChange(e.currentTarget.value)} />
        <input id={props.id} value={props.value ?? ''} onChange={(e) => props.onChange(e.currentTarget.value)} />
      </span>
    </label>
  );
}
