// Bench group `size`: the renderer build's JavaScript, gzip, split into what the browser loads
// before the first screen is interactive and what loads later (code-split screens).
// "Initial" is exactly what index.html makes the browser load: its module script and everything
// that script imports statically, transitively (Vite's manifest holds that graph; the
// modulepreload links of index.html must agree with it, or the bench says so and stops).
import { readdir, readFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './bench-row.ts';

/** Budgets, gzip KiB. */
const INITIAL_JS_BUDGET_KIB = 150;
const TOTAL_JS_BUDGET_KIB = 300;

/** One chunk of Vite's manifest (`build.manifest`), the fields read here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface RendererSizes {
  /** Files (relative to the build, `assets/…`) the browser loads at start: the entry and its static imports. */
  initialFiles: string[];
  initialJsGzip: number;
  totalJsGzip: number;
  allAssetsGzip: number;
  /** Every JavaScript file with its gzip size, biggest first. */
  jsFiles: { file: string; gzip: number; initial: boolean }[];
}

/** `src` and `href` values of index.html's module scripts and modulepreload links, relative to the build. */
function htmlScriptFiles(html: string): { entries: string[]; preloads: string[] } {
  const attribute = (tag: string, name: string): string | undefined =>
    new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
  const clean = (url: string): string => posix.normalize(url.replace(/^\.?\//, ''));
  const entries = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => attribute(tag, 'type') === 'module')
    .map((tag) => attribute(tag, 'src'))
    .filter((src): src is string => src !== undefined)
    .map(clean);
  const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => attribute(tag, 'rel') === 'modulepreload')
    .map((tag) => attribute(tag, 'href'))
    .filter((href): href is string => href !== undefined)
    .map(clean);
  return { entries, preloads };
}

/** The entry scripts of index.html and, transitively, their static imports (the manifest's `imports`). */
export async function initialJsFiles(rendererDir: string): Promise<string[]> {
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(join(rendererDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const { entries, preloads } = htmlScriptFiles(html);
  if (entries.length === 0) throw new Error('size: index.html has no module script');
  const initial = new Set<string>();
  const visit = (file: string): void => {
    if (initial.has(file)) return;
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`size: ${file} (from index.html or an import) is not in the Vite manifest`);
    initial.add(file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`size: ${keyOf.get(file)} imports ${key}, missing from the manifest`);
      visit(imported.file);
    }
  };
  for (const entry of entries) visit(entry);
  // What the page preloads is what it will import: a difference means this reading is wrong.
  const expected = [...initial].filter((file) => !entries.includes(file)).sort();
  const listed = [...new Set(preloads)].sort();
  if (expected.join('\n') !== listed.join('\n')) {
    throw new Error(
      `size: index.html preloads ${listed.join(', ') || 'nothing'} but the entry imports ${expected.join(', ') || 'nothing'}`,
    );
  }
  return [...initial];
}

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Dot folders (Vite's manifest) are build bookkeeping, never served (src/web/static-files.ts).
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else found.push(path);
  }
  return found;
}

export async function measureRendererSizes(rendererDir: string): Promise<RendererSizes> {
  const initialFiles = await initialJsFiles(rendererDir);
  const initial = new Set(initialFiles);
  const sizes = { initialJsGzip: 0, totalJsGzip: 0, allAssetsGzip: 0 };
  const jsFiles: RendererSizes['jsFiles'] = [];
  for (const path of await filesUnder(rendererDir)) {
    if (!/\.(js|css|html|svg|json)$/.test(path)) continue;
    const file = relative(rendererDir, path).split(/[\\/]/).join('/');
    const gzip = gzipSync(await readFile(path)).length;
    sizes.allAssetsGzip += gzip;
    if (!file.endsWith('.js')) continue;
    sizes.totalJsGzip += gzip;
    if (initial.has(file)) sizes.initialJsGzip += gzip;
    jsFiles.push({ file, gzip, initial: initial.has(file) });
  }
  jsFiles.sort((a, b) => b.gzip - a.gzip);
  return { initialFiles, ...sizes, jsFiles };
}

export async function bundleSizeRows(
  rendererDir: string,
  log: (line: string) => void = () => undefined,
): Promise<BenchRow[]> {
  const sizes = await measureRendererSizes(rendererDir);
  const kib = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;
  log(`initial JavaScript: ${sizes.initialFiles.join(', ')}`);
  for (const { file, gzip, initial } of sizes.jsFiles.slice(0, 8))
    log(`  ${kib(gzip)} KiB  ${file}${initial ? '  (initial)' : ''}`);
  return [
    {
      name: 'Renderer JavaScript loaded at start, gzip (entry + static imports)',
      value: kib(sizes.initialJsGzip),
      unit: 'KiB',
      budget: `≤ ${INITIAL_JS_BUDGET_KIB}`,
      pass: sizes.initialJsGzip <= INITIAL_JS_BUDGET_KIB * 1024,
    },
    {
      name: 'Renderer JavaScript in all, gzip',
      value: kib(sizes.totalJsGzip),
      unit: 'KiB',
      budget: `≤ ${TOTAL_JS_BUDGET_KIB}`,
      pass: sizes.totalJsGzip <= TOTAL_JS_BUDGET_KIB * 1024,
    },
    {
      name: 'Renderer build, gzip (all assets)',
      value: kib(sizes.allAssetsGzip),
      unit: 'KiB',
      budget: 'info',
      pass: null,
    },
  ];
}
