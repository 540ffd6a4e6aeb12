interface Warning { code: string; placeholder: string | null; message: string }

/**
 * What a version's save noticed about the template's own images and fonts that will not load (docs/templates.md
 * "Warnings at save"): shown before any render, so the author can mend the template (or knows a hidden image and a
 * font falling through to the next family are what renders will show).
 */
export function SaveWarnings({ id, version, warnings }: { id: string; version: number; warnings: Warning[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <div class="save-warnings" id={id} role="status">
      <p>Saving v{version} found what will not load:</p>
      <ul>
        {warnings.map((w, i) => (
          <li key={i} data-code={w.code}>
            <code>{w.code}</code> {w.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
