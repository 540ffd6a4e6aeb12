#!/usr/bin/env node
// The package registry reachable here serves only this platform's native builds (darwin/win32/... builds
// answer 404), so `npm install` writes a lockfile without those optional entries and `npm ci` then rejects
// it as out of sync. This adds inert lock entries for them: optional, with os/cpu set, so `npm ci` accepts the
// lock and skips them on Linux exactly as it would with a full lockfile. Run after changing dependencies.
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const pkgs = lock.packages;
const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'];
let added = 0;
for (const [key, meta] of Object.entries({ ...pkgs })) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = key.startsWith('node_modules/') ? key.slice(0, key.lastIndexOf('node_modules/')) : key ? `${key}/` : '';
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => pkgs[c])) continue;
    const parts = dep.split('/').pop().split('-');
    const os = parts.find((p) => OS.includes(p));
    const cpu = parts.find((p) => CPU.includes(p)) ?? (dep.includes('gnueabihf') || dep.includes('eabi') ? 'arm' : undefined);
    if (!os) continue; // not a platform build: leave npm to report it
    pkgs[`node_modules/${dep}`] = { version, optional: true, os: [os], ...(cpu ? { cpu: [cpu] } : {}) };
    added++;
  }
}
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
process.stdout.write(`lock-platform-stubs: added ${added} platform entries\n`);
