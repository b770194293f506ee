// What makes up the renderer's chunks: builds the renderer (its electron-vite settings) into a
// temporary folder and prints each chunk, the JavaScript loaded at start first, with its biggest
// modules. For deciding what to move out of the start-up JavaScript (docs/performance.md).
//   node scripts/renderer-modules.ts [--top N] [--chunk NAME] [--why MODULE[,MODULE…]]
// --why MODULE: the chain of imports from the entry to the first module whose path contains
// MODULE: static imports only when it is loaded at start, else through import() (marked ⇢).
// Module sizes are each module's rendered code before minification and gzip: compare them with
// each other, not with the bench's gzip figures.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build, type Plugin, type UserConfig } from 'vite';
import config from '../electron.vite.config.ts';
import { initialJsFiles, measureRendererSizes } from './bench-size.ts';

const { values } = parseArgs({
  options: { top: { type: 'string', default: '12' }, chunk: { type: 'string' }, why: { type: 'string' } },
});
const top = Number(values.top);
const root = resolve(import.meta.dirname, '..');

type ChunkModules = { file: string; modules: { id: string; length: number }[] };
const chunks: ChunkModules[] = [];
/** Static and dynamic imports of every module, and the entry modules. */
const staticImports = new Map<string, readonly string[]>();
const dynamicImports = new Map<string, readonly string[]>();
const entryModules: string[] = [];
const report: Plugin = {
  name: 'renderer-modules-report',
  generateBundle(_options, bundle) {
    for (const id of this.getModuleIds()) {
      const info = this.getModuleInfo(id);
      if (!info) continue;
      staticImports.set(id, info.importedIds);
      dynamicImports.set(id, info.dynamicallyImportedIds);
      if (info.isEntry) entryModules.push(id);
    }
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      const modules = Object.entries(output.modules).map(([id, info]) => ({
        id: relative(root, id.replace(/^\0/, '')),
        length: info.renderedLength,
      }));
      chunks.push({ file: output.fileName, modules: modules.sort((a, b) => b.length - a.length) });
    }
  },
};

const renderer = (config as { renderer: UserConfig }).renderer;
const outDir = await mkdtemp(join(tmpdir(), 'accel-renderer-modules-'));
try {
  await build({
    ...renderer,
    configFile: false,
    base: './',
    logLevel: 'warn',
    plugins: [...(renderer.plugins ?? []), report],
    build: { ...renderer.build, outDir, emptyOutDir: true },
  });
  if (values.why !== undefined) {
    for (const needle of values.why.split(',')) process.stdout.write(`${whyLoaded(needle)}\n\n`);
    process.exit(0);
  }
  const initial = new Set(await initialJsFiles(outDir));
  const sizes = await measureRendererSizes(outDir);
  const gzipOf = new Map(sizes.jsFiles.map((f) => [f.file, f.gzip]));
  const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
  process.stdout.write(
    `JavaScript loaded at start: ${kib(sizes.initialJsGzip)} gzip; all JavaScript: ${kib(sizes.totalJsGzip)} gzip\n`,
  );
  const ordered = chunks
    .filter((c) => values.chunk === undefined || c.file.includes(values.chunk))
    .sort(
      (a, b) =>
        Number(initial.has(b.file)) - Number(initial.has(a.file)) ||
        (gzipOf.get(b.file) ?? 0) - (gzipOf.get(a.file) ?? 0),
    );
  for (const chunk of ordered) {
    process.stdout.write(
      `\n${chunk.file}  ${kib(gzipOf.get(chunk.file) ?? 0)} gzip${initial.has(chunk.file) ? '  (loaded at start)' : ''}\n`,
    );
    for (const module of chunk.modules.slice(0, top))
      process.stdout.write(`  ${String(module.length).padStart(8)}  ${module.id}\n`);
    if (chunk.modules.length > top) process.stdout.write(`  … ${chunk.modules.length - top} more modules\n`);
  }
} finally {
  await rm(outDir, { recursive: true, force: true });
}

/**
 * The shortest chain of imports from an entry to a module whose path contains `needle`: through
 * static imports alone if there is one (the module is loaded at start), else also through import().
 */
function whyLoaded(needle: string): string {
  for (const followDynamic of [false, true]) {
    const cameFrom = new Map<string, { from: string; dynamic: boolean } | null>(entryModules.map((id) => [id, null]));
    const queue = [...entryModules];
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      if (id.includes(needle)) {
        const chain: string[] = [];
        for (let at: string | undefined = id; at !== undefined;) {
          const step = cameFrom.get(at);
          chain.unshift(`${step?.dynamic ? '⇢ ' : step ? '→ ' : ''}${relative(root, at.replace(/^\0/, ''))}`);
          at = step?.from;
        }
        return `${followDynamic ? 'loaded later' : 'loaded at start'}:\n  ${chain.join('\n  ')}`;
      }
      const next = [
        ...(staticImports.get(id) ?? []).map((to) => ({ to, dynamic: false })),
        ...(followDynamic ? (dynamicImports.get(id) ?? []).map((to) => ({ to, dynamic: true })) : []),
      ];
      for (const { to, dynamic } of next) {
        if (cameFrom.has(to)) continue;
        cameFrom.set(to, { from: id, dynamic });
        queue.push(to);
      }
    }
  }
  return `no import chain from the entry reaches “${needle}”`;
}
