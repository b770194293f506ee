// Who may import whom, as an ESLint rule. The table itself is the rule's options in
// eslint.config.js (one statement, validated by the schema below); this file only applies it.
// Every specifier (relative, `#alias` from package.json "imports", bare package, `node:*`) is
// resolved to where it lands, so a deep `../../..` chain cannot slip past a rule that only looks
// at alias names, and whatever is not listed is refused: a new layer, package or file outside
// src/ is a deliberate edit of the table, never an accident.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const aliases = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports ?? {};
const nodeBuiltins = new Set(builtinModules.flatMap((m) => (m.startsWith('node:') ? [m] : [m, `node:${m}`])));
const TABLE = 'the import-layers options in eslint.config.js';

const toPosix = (path) => path.split(sep).join('/');

/** Folder (layer) of a repo-relative path: 'shared', 'core', …; '' for a file directly in src/; null outside src/. */
function layerOf(path) {
  const parts = path.split('/');
  if (parts[0] !== 'src') return null;
  return parts.length > 2 ? parts[1] : '';
}

const isTestCode = (path) =>
  /\.test\.ts$/.test(path) || /(^|\/)test-support\//.test(path) || /\.fixture\.ts$/.test(path);

/**
 * Where a specifier lands: { kind: 'file', path } (repo-relative; starts with '../' when outside
 * the repository), { kind: 'package', name } or { kind: 'unknown-alias' }.
 */
function resolveSpecifier(spec, importerPath) {
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const bare = spec.replace(/[?#].*$/, ''); // Vite's `?raw`, `?url`, …
    return { kind: 'file', path: toPosix(relative(root, resolve(root, dirname(importerPath), bare))) };
  }
  if (spec.startsWith('#')) {
    for (const [pattern, target] of Object.entries(aliases)) {
      if (pattern === spec) return { kind: 'file', path: toPosix(join(target)) };
      if (pattern.endsWith('/*') && spec.startsWith(pattern.slice(0, -1))) {
        const rest = spec.slice(pattern.length - 1);
        return { kind: 'file', path: toPosix(join(target.replace('*', rest))) };
      }
    }
    return { kind: 'unknown-alias' };
  }
  if (nodeBuiltins.has(spec)) return { kind: 'package', name: spec, builtin: true };
  const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  return { kind: 'package', name, builtin: false };
}

/** Does a package list ('zod', 'node:crypto', 'node:*' = every builtin) cover this import? */
function listsPackage(list, target) {
  return list.includes(target.name) || (target.builtin && target.name.startsWith('node:') && list.includes('node:*'));
}

/** A repo path is covered by a list of files and folders ('scripts/' = everything under scripts). */
const listsFile = (list, path) => list.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));

const describeList = (items) => (items.length ? items.join(', ') : 'nothing');

/**
 * The message for an import that crosses a boundary inside a layer (`boundaries` of the options:
 * files under `from` never import files under any of `never`), or null.
 */
function boundaryViolation(table, importerPath, target) {
  if (target.kind !== 'file') return null;
  for (const boundary of table.boundaries ?? []) {
    if (!importerPath.startsWith(boundary.from)) continue;
    const crossed = boundary.never.find((folder) => target.path.startsWith(folder));
    if (crossed) return `${boundary.from} must not import ${target.path}: ${boundary.why} (boundaries of ${TABLE})`;
  }
  return null;
}

/** The message for one import that the table does not allow, or null when it does. */
function layerViolation(table, importerPath, spec) {
  const from = layerOf(importerPath);
  if (from === null) return null;
  const crossed = boundaryViolation(table, importerPath, resolveSpecifier(spec, importerPath));
  if (crossed) return crossed;
  const layer = table.layers[from];
  if (!layer) return null; // reported once for the whole file
  const test = isTestCode(importerPath);
  const target = resolveSpecifier(spec, importerPath);

  if (target.kind === 'unknown-alias') {
    return `unknown alias ${spec}: package.json "imports" defines ${describeList(Object.keys(aliases))}`;
  }

  if (target.kind === 'package') {
    if (target.builtin && !target.name.startsWith('node:')) {
      return `write node:${target.name}, not ${target.name}: a bare name may be an npm package of that name`;
    }
    if (listsPackage(layer.packages, target)) return null;
    if (test && listsPackage(table.tests.packages, target)) return null;
    const where = test ? `tests.packages (or layers.${from}.packages)` : `layers.${from}.packages`;
    return `src/${from} (${layer.why}) does not list ${target.name}: if it belongs here, add it on purpose to ${where} in eslint.config.js`;
  }

  const path = target.path;
  if (path.startsWith('../') || path === '..') {
    return `${spec} lands outside the repository: nothing in src/ may import it`;
  }
  if (isTestCode(path) && !test) {
    return `production code must not import the test helper ${path}`;
  }
  const to = layerOf(path);
  if (test) {
    if (to !== null || listsFile(table.tests.files, path)) return null;
    return `tests in src/ may import src/ and ${describeList(table.tests.files)}, not ${path} (tests.files of ${TABLE})`;
  }
  if (to === from) return null;
  const exception = (layer.exceptions ?? []).find((e) => e.path === path);
  if (exception) return null;
  if (to === null) {
    return `src/${from} must not import ${path}: production code imports only from src/ (unless listed in layers.${from}.exceptions of ${TABLE})`;
  }
  if (!table.layers[to]) return `src/${from} must not import ${path}: src/${to || ''} is not a layer of ${TABLE}`;
  if (layer.layers.includes(to)) return null;
  const entries = (layer.exceptions ?? []).filter((e) => layerOf(e.path) === to).map((e) => e.path);
  if (entries.length) {
    return `src/${from} must not import src/${to} internals (${path}): only ${entries.join(', ')}`;
  }
  return `src/${from} must not import src/${to} (${spec}): it may import ${describeList(layer.layers.map((l) => `src/${l}`))}`;
}

const nonEmptyString = { type: 'string', minLength: 1 };
const nameList = { type: 'array', items: nonEmptyString, uniqueItems: true };

const importLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import layers: which src/ folders, packages and files each layer may import.' },
    schema: [
      {
        type: 'object',
        properties: {
          layers: {
            type: 'object',
            minProperties: 1,
            additionalProperties: {
              type: 'object',
              properties: {
                why: nonEmptyString,
                layers: nameList,
                packages: nameList,
                exceptions: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { path: nonEmptyString, reason: { type: 'string', minLength: 10 } },
                    required: ['path', 'reason'],
                    additionalProperties: false,
                  },
                },
              },
              required: ['why', 'layers', 'packages'],
              additionalProperties: false,
            },
          },
          tests: {
            type: 'object',
            properties: { why: nonEmptyString, files: nameList, packages: nameList },
            required: ['why', 'files', 'packages'],
            additionalProperties: false,
          },
          boundaries: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: 'string', pattern: '^src/.+/$' },
                never: {
                  type: 'array',
                  minItems: 1,
                  items: { type: 'string', pattern: '^src/.+/$' },
                  uniqueItems: true,
                },
                why: { type: 'string', minLength: 10 },
              },
              required: ['from', 'never', 'why'],
              additionalProperties: false,
            },
          },
        },
        required: ['layers', 'tests'],
        additionalProperties: false,
      },
    ],
    messages: { layer: '{{message}}' },
  },
  create(context) {
    const table = context.options[0];
    if (!table) throw new Error('layers/import-layers needs the layer table as its options (see eslint.config.js)');
    for (const [name, layer] of Object.entries(table.layers)) {
      const unknown = layer.layers.filter((l) => !table.layers[l]);
      if (unknown.length)
        throw new Error(`layers/import-layers: layers.${name}.layers names unknown layers: ${unknown.join(', ')}`);
    }
    const importer = toPosix(relative(root, context.filename));
    const from = layerOf(importer);
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = layerViolation(table, importer, source.value);
      if (message) context.report({ node: source, messageId: 'layer', data: { message } });
    };
    return {
      Program(node) {
        if (from !== null && !table.layers[from]) {
          const message = `src/${from || '(top level)'} is not a layer: put the file in one, or add the layer to ${TABLE}`;
          context.report({ node, messageId: 'layer', data: { message } });
        }
      },
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `type X = import('#core/foo.ts').Foo`: a dependency as real as an import statement.
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      // `import x = require('…')`
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

export const layersPlugin = { rules: { 'import-layers': importLayersRule } };
