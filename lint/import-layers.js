// The layer table of ../shared/DESIGN.md as an ESLint rule: who may import whom. It resolves
// every specifier (relative, `#alias` from package.json "imports", bare package) to where it
// lands, so a deep `../../..` chain cannot slip past a rule that only looks at alias names.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const aliases = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports ?? {};
const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const NODE_ONLY_PACKAGES = new Set(['electron', 'keytar', 'undici', 'ws']);

/** Folder (layer) of a repo-relative path: 'shared', 'core', … or null outside src/. */
function layerOf(path) {
  const parts = path.split('/');
  return parts[0] === 'src' && parts.length > 2 ? parts[1] : null;
}

export const isTestCode = (path) =>
  /\.test\.ts$/.test(path) || /(^|\/)test-support\//.test(path) || /\.fixture\.ts$/.test(path);

/** Where a specifier lands: { kind: 'file', path } (repo-relative) or { kind: 'package', name }. */
function resolveSpecifier(spec, importerPath) {
  if (spec.startsWith('.')) {
    return { kind: 'file', path: relative(root, resolve(root, dirname(importerPath), spec)).split(sep).join('/') };
  }
  if (spec.startsWith('#')) {
    for (const [pattern, target] of Object.entries(aliases)) {
      if (pattern === spec) return { kind: 'file', path: join(target).split(sep).join('/') };
      if (pattern.endsWith('/*') && spec.startsWith(pattern.slice(0, -1))) {
        const rest = spec.slice(pattern.length - 1);
        return { kind: 'file', path: join(target.replace('*', rest)).split(sep).join('/') };
      }
    }
    return { kind: 'file', path: spec };
  }
  const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  return { kind: 'package', name: nodeBuiltins.has(spec) ? spec : name };
}

const SANDBOX_ENTRY = 'src/sandbox/index.ts';

/** The rule for one production import; returns a message when it breaks the layer table. */
export function layerViolation(importerPath, spec) {
  const from = layerOf(importerPath);
  if (!from) return null;
  const target = resolveSpecifier(spec, importerPath);
  if (target.kind === 'file') {
    if (isTestCode(target.path) && !isTestCode(importerPath)) {
      return `production code must not import the test helper ${target.path}`;
    }
    if (isTestCode(importerPath)) return null;
    const to = layerOf(target.path);
    if (!to || to === from) return null;
    const allowed = {
      shared: [],
      signing: ['shared'],
      core: ['shared', 'signing'],
      main: ['core', 'shared', 'signing'],
      web: ['core', 'shared', 'signing'],
      cli: ['core', 'shared', 'signing'],
      sandbox: ['shared', 'signing'],
      renderer: ['shared'],
      preload: ['shared'],
    }[from];
    if (allowed?.includes(to)) return null;
    if (to === 'sandbox' && target.path === SANDBOX_ENTRY && ['core', 'cli'].includes(from)) return null;
    const what = to === 'sandbox' ? 'sandbox internals (only its public entry src/sandbox/index.ts)' : `src/${to}`;
    return `src/${from} must not import ${what} (${spec})`;
  }
  if (isTestCode(importerPath)) return null;
  const name = target.name;
  const isBuiltin = nodeBuiltins.has(name);
  if (from === 'shared' && (isBuiltin || NODE_ONLY_PACKAGES.has(name))) {
    return `src/shared must run in the renderer too: no ${name} (no node:*, electron or Node-only packages)`;
  }
  if (from === 'renderer' && (isBuiltin || NODE_ONLY_PACKAGES.has(name))) {
    return `src/renderer talks to the core only through window.api: no ${name}`;
  }
  if (from === 'signing' && isBuiltin && name !== 'node:crypto') {
    return `src/signing may use node:crypto only, not ${name}`;
  }
  if (['core', 'sandbox', 'signing', 'shared', 'web', 'cli'].includes(from) && name === 'electron') {
    return `src/${from} must not import electron: only the Electron host (src/main) and the preload do`;
  }
  return null;
}

export const importLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import layers of DESIGN.md (one core, three hosts, shared below all).' },
    schema: [],
    messages: { layer: '{{message}}' },
  },
  create(context) {
    const importer = relative(root, context.filename).split(sep).join('/');
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = layerViolation(importer, source.value);
      if (message) context.report({ node: source, messageId: 'layer', data: { message } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const layersPlugin = { rules: { 'import-layers': importLayersRule } };
