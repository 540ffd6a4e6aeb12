import { parse, type Program } from 'acorn';
import { pinnableUrl } from '@rp/workflow-safe';
import { resolveSpecifier, type ImportMap } from './resolve-specifier';

/** A module a module imports statically: fetched with it, as the browser fetches the whole graph before running it. */
export interface ModuleImport {
  url: string;
  /** A JavaScript module, whose own imports are followed; false for a JSON or CSS module (`with { type }`). */
  javascript: boolean;
}

/**
 * The static imports of a JavaScript module (`import ... from '...'`, `export ... from '...'`, `import '...'`),
 * resolved against `base` (the module's URL) and the document's import map. They are top-level statements, so the
 * program's body holds them all. Dynamic `import()` is not followed: it runs only if the code reaches it, and what
 * it names may be computed. Source that does not parse as a module imports nothing: the browser refuses to run it,
 * and fetches nothing further.
 */
export function moduleImports(source: string, base: string | undefined, map: ImportMap): ModuleImport[] {
  let program: Program;
  try {
    program = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch {
    return [];
  }
  const out: ModuleImport[] = [];
  for (const node of program.body) {
    if (node.type !== 'ImportDeclaration' && node.type !== 'ExportNamedDeclaration' && node.type !== 'ExportAllDeclaration') continue;
    const specifier = node.source?.value;
    // a `{{placeholder}}` in a template's inline module makes the import per render: bound then, not pinned
    if (typeof specifier !== 'string' || specifier.includes('{{')) continue;
    const resolved = resolveSpecifier(specifier, base, map);
    const url = resolved ? pinnableUrl(resolved) : null;
    const typed = (node.attributes ?? []).some((a) => (a.key.type === 'Identifier' ? a.key.name : a.key.value) === 'type');
    if (url) out.push({ url, javascript: !typed });
  }
  return out;
}
