const fs = require('node:fs'); const path = require('node:path');
const d = (f) => require(path.join(__dirname, '..', 'services/render-worker/dist', f));
const { createNativeEngine } = d('renderer/engines/native/image/native-engine.js');
const { composeDocument } = d('renderer/compose-document.js');
const { createRequestGuard } = d('renderer/request-guard.js');
const { createSsrfGuard } = require('@rp/net-guard');
const ssrfGuard = createSsrfGuard(); const resolveAsset = async () => null;
const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };
const GRAY = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#bbb"/></svg>');
(async () => {
  const e = createNativeEngine({ processes: 1, logger: { info: (o, m) => console.log('INFO', m, JSON.stringify(o)), warn: () => {}, error: () => {} } });
  for (const f of process.argv.slice(2)) {
    const html = fs.readFileSync(f, 'utf8').replace(/@import\s+url\([^)]*\)[^;]*;/g, '').replace(/@import\s+["'][^"']*["'][^;]*;/g, '').replace(/<link[^>]*stylesheet[^>]*>/gi, '')
      .replace(/(src|background)=["']https?:[^"']*["']/gi, `$1="${GRAY}"`).replace(/url\(\s*['"]?https?:[^)]*\)/gi, `url("${GRAY}")`);
    try {
      const out = await e.render({ document: composeDocument({ html, width: 700, height: 1000, placeholders: [], modifications: [] }), width: 700, height: 1000, format: 'png', orgId: 'o', timeoutMs: 30000, assets });
      console.log('OK  ', path.basename(f), out.image.length);
    } catch (err) { console.log('FAIL', path.basename(f), '->', err.code, String(err.message).slice(0, 300)); }
  }
  await e.close();
})();
