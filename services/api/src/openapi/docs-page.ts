// A self-contained HTML reference rendered on the server from the OpenAPI document: no CDN, no scripts.
const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderDocsPage(doc: any): string {
  const ops: string[] = [];
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const params = (op.parameters ?? [])
        .map((p: any) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : ''}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td><td>${esc(p.description)}</td></tr>`)
        .join('');
      const body = op.requestBody
        ? `<h4>Request body</h4><pre>${esc(JSON.stringify(op.requestBody.content, null, 2))}</pre>`
        : '';
      const responses = Object.entries<any>(op.responses)
        .map(([s, r]) => `<li><b>${esc(s)}</b> ${esc(r.description)}</li>`)
        .join('');
      ops.push(`<section id="${esc(op.operationId)}"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary)}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}
${params ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th><th></th></tr>${params}</table>` : ''}
${body}<h4>Responses</h4><ul>${responses}</ul></section>`);
    }
  }
  const schemas = Object.entries<any>(doc.components.schemas)
    .map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3><pre>${esc(JSON.stringify(s, null, 2))}</pre></section>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f6f8fa;padding:.8em;overflow:auto}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
.m{display:inline-block;min-width:4em;padding:2px 6px;border-radius:4px;color:#fff;font-size:12px;text-align:center}
.get{background:#1f7a1f}.post{background:#1f4f9a}.patch{background:#9a6a1f}.delete{background:#9a1f1f}.put{background:#6a1f9a}
section{border-top:1px solid #eee;padding-top:.5em}</style></head><body>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1><p>${esc(doc.info.description)}</p>
<p>Machine-readable: <code>GET /v1/openapi.json</code> (needs an API key). Authenticate with <code>Authorization: Bearer &lt;key&gt;</code>.</p>
<h2>Operations</h2>${ops.join('\n')}<h2>Schemas</h2>${schemas}</body></html>`;
}
