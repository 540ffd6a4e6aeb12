import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import ts from 'typescript';
import type { Placeholder } from '@rp/workflow-safe';

/** What the bench reads of test/fixtures/public-templates/public-templates.ts (its PublicTemplate has more). */
export interface CorpusTemplate {
  name: string;
  type: 'image' | 'video';
  width: number;
  height: number;
  video?: { duration_seconds: number; fps: number };
  expected: { engine: string; reason: string };
}

interface PublicCorpus {
  PUBLIC_TEMPLATES: CorpusTemplate[];
  publicTemplateHtml(name: string): string;
  placeholdersOf(html: string): Placeholder[];
}

const MANIFEST = path.resolve(__dirname, '../../fixtures/public-templates/public-templates.ts');

/**
 * The public corpus's own manifest, read at run time (the bench is built from test/src, the corpus lives beside it in
 * test/fixtures): the TypeScript transpiled to CommonJS and run as a module of its own directory, so its file reads
 * and imports resolve as they do under jest.
 */
export function loadPublicCorpus(): PublicCorpus {
  const js = ts.transpileModule(fs.readFileSync(MANIFEST, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  const run = vm.compileFunction(js, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: MANIFEST });
  run(module.exports, createRequire(MANIFEST), module, MANIFEST, path.dirname(MANIFEST));
  return module.exports as unknown as PublicCorpus;
}

/** The corpus's animated templates whose decision, as its manifest records it, is `engine`. */
export const animatedDecided = (templates: CorpusTemplate[], engine: string): CorpusTemplate[] =>
  templates.filter((t) => t.type === 'video' && t.expected.engine === engine);
