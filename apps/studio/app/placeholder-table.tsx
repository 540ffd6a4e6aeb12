import type { ApiError } from './api';
import { STUDIO_LISTS } from './studio-lists';

export interface Placeholder {
  name: string;
  type: (typeof STUDIO_LISTS.placeholderTypes)[number];
  default: unknown;
  format: string | null;
}

/** Defaults are edited as text; numbers are sent as numbers and an empty default as null. */
export function parseDefault(type: Placeholder['type'], text: string): unknown {
  if (text === '') return null;
  return type === 'number' && Number.isFinite(Number(text)) ? Number(text) : text;
}

export function PlaceholderTable(props: { value: Placeholder[]; onChange: (v: Placeholder[]) => void; error: ApiError | null }) {
  const { value, onChange, error } = props;
  const set = (i: number, patch: Partial<Placeholder>) => onChange(value.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const messages = (i: number, f: string) => error?.forField(`placeholders[${i}].${f}`) ?? [];
  const cell = (i: number, f: string, input: preact.JSX.Element) => (
    <td>
      {input}
      {messages(i, f).length > 0 && <p class="field-error" role="alert" data-field={`placeholders[${i}].${f}`}>{messages(i, f).join('; ')}</p>}
    </td>
  );
  return (
    <fieldset class="placeholders">
      <legend>Placeholders</legend>
      <table class="list">
        <thead>
          <tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Default</th><th scope="col">Format</th><th scope="col"><span class="sr-only">Remove</span></th></tr>
        </thead>
        <tbody>
          {value.map((p, i) => (
            <tr key={i}>
              {cell(i, 'name', <input aria-label={`Placeholder ${i + 1} name`} id={`ph-${i}-name`} value={p.name} onInput={(e) => set(i, { name: e.currentTarget.value })} />)}
              {cell(i, 'type', (
                <select aria-label={`Placeholder ${i + 1} type`} id={`ph-${i}-type`} value={p.type} onChange={(e) => set(i, { type: e.currentTarget.value as Placeholder['type'] })}>
                  {STUDIO_LISTS.placeholderTypes.map((t) => <option key={t} value={t}>{t}</option>)}
                </select>
              ))}
              {cell(i, 'default', (
                <input aria-label={`Placeholder ${i + 1} default`} id={`ph-${i}-default`} value={p.default == null ? '' : String(p.default)} onInput={(e) => set(i, { default: parseDefault(p.type, e.currentTarget.value) })} />
              ))}
              {cell(i, 'format', <input aria-label={`Placeholder ${i + 1} format`} id={`ph-${i}-format`} value={p.format ?? ''} onInput={(e) => set(i, { format: e.currentTarget.value || null })} />)}
              <td><button type="button" onClick={() => onChange(value.filter((_, j) => j !== i))}>Remove<span class="sr-only"> placeholder {i + 1}</span></button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" id="add-placeholder" onClick={() => onChange([...value, { name: `field${value.length + 1}`, type: 'text', default: null, format: null }])}>
        Add placeholder
      </button>
      {error && error.forField('placeholders').length > 0 && value.length === 0 && <p class="field-error" role="alert">{error.forField('placeholders').join('; ')}</p>}
    </fieldset>
  );
}
