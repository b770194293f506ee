// Each rule of the import-layer table fires on a deliberate violation and lets the allowed
// neighbour through, linted with the project's real ESLint config (so a rule that is written
// but not wired in, or a table entry that is missing, fails here too).
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function layerMessages(file: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: resolve(root, file) });
  const fatal = result.messages.filter((m) => m.fatal).map((m) => m.message);
  if (fatal.length) throw new Error(`could not parse the sample: ${fatal.join('; ')}`);
  return result.messages.filter((m) => m.ruleId === 'layers/import-layers').map((m) => m.message);
}

type Table = {
  layers: Record<string, { layers: string[]; packages: string[]; exceptions?: { path: string; reason?: string }[] }>;
  boundaries?: { from: string; never: string[]; why?: string }[];
};
const [, table] = (await eslint.calculateConfigForFile(resolve(root, 'src/core/x.ts'))).rules[
  'layers/import-layers'
] as [unknown, Table];

const violations: [string, string, string, RegExp][] = [
  // Folders
  [
    'src/shared imports another folder',
    'src/shared/api/x.ts',
    "import { a } from '#core/errors.ts';",
    /src\/shared must not import src\/core/,
  ],
  [
    'src/core imports the renderer',
    'src/core/x.ts',
    "import x from '../renderer/src/main.ts';",
    /src\/core must not import src\/renderer/,
  ],
  [
    'src/core imports a host',
    'src/core/handlers/x.ts',
    "import { startWebHost } from '#web/server.ts';",
    /src\/core must not import src\/web/,
  ],
  [
    'src/core imports the Electron host',
    'src/core/x.ts',
    "import { x } from '../main/menu.ts';",
    /src\/core must not import src\/main/,
  ],
  [
    'src/core imports sandbox internals',
    'src/core/x.ts',
    "import { SandboxStore } from '#sandbox/store.ts';",
    /src\/core must not import src\/sandbox internals.*only src\/sandbox\/index\.ts/,
  ],
  [
    'src/cli imports sandbox internals',
    'src/cli/x.ts',
    "import { main } from '#sandbox/cli.ts';",
    /src\/cli must not import src\/sandbox internals/,
  ],
  [
    'src/renderer imports the core',
    'src/renderer/src/lib/x.ts',
    "import { x } from '../../../core/journal.ts';",
    /src\/renderer must not import src\/core/,
  ],
  [
    'src/web imports src/cli',
    'src/web/x.ts',
    "import { runCli } from '#cli/accel.ts';",
    /src\/web must not import src\/cli/,
  ],
  [
    'src/cli imports src/main',
    'src/cli/x.ts',
    "import { x } from '../main/menu.ts';",
    /src\/cli must not import src\/main/,
  ],
  [
    'src/main imports src/web',
    'src/main/x.ts',
    "import { startWebHost } from '#web/server.ts';",
    /src\/main must not import src\/web/,
  ],
  [
    'src/main imports the sandbox public entry',
    'src/main/x.ts',
    "import { startSandbox } from '#sandbox';",
    /src\/main must not import src\/sandbox/,
  ],
  [
    'src/sandbox imports the core',
    'src/sandbox/x.ts',
    "import { createApiClient } from '#core/api/client.ts';",
    /src\/sandbox must not import src\/core/,
  ],
  [
    'src/core imports a file directly in src/',
    'src/core/x.ts',
    "import { x } from '../loose.ts';",
    /src\/loose\.ts: src\/ is not a layer/,
  ],
  [
    'src/core imports a folder that is not a layer',
    'src/core/x.ts',
    "import { x } from '../plugins/a.ts';",
    /src\/plugins is not a layer/,
  ],
  // Test helpers
  [
    'production code imports a test helper',
    'src/core/x.ts',
    "import { startTestSandbox } from './test-support/sandbox.ts';",
    /must not import the test helper/,
  ],
  [
    'a host imports a test helper',
    'src/web/x.ts',
    "import { x } from '#core/test-support/core.ts';",
    /must not import the test helper/,
  ],
  [
    'production code imports a fixture',
    'src/cli/x.ts',
    "import './crash.fixture.ts';",
    /must not import the test helper src\/cli\/crash\.fixture\.ts/,
  ],
  // Outside src/
  [
    'production code imports scripts/',
    'src/core/x.ts',
    "import { x } from '../../scripts/start.ts';",
    /src\/core must not import scripts\/start\.ts: production code imports only from src\//,
  ],
  [
    'production code imports e2e/',
    'src/web/x.ts',
    "import { test } from '../../e2e/fixtures.ts';",
    /must not import e2e\/fixtures\.ts/,
  ],
  [
    'production code imports lint/',
    'src/shared/x.ts',
    "export * from '../../lint/import-layers.js';",
    /must not import lint\/import-layers\.js/,
  ],
  [
    'a layer without the exception imports package.json',
    'src/web/x.ts',
    "import pkg from '../../package.json' with { type: 'json' };",
    /src\/web must not import package\.json/,
  ],
  [
    'production code imports out of the repository',
    'src/core/x.ts',
    "import { x } from '../../../elsewhere/y.ts';",
    /lands outside the repository/,
  ],
  [
    'a test imports out of the repository',
    'src/core/x.test.ts',
    "import { x } from '../../../elsewhere/y.ts';",
    /lands outside the repository/,
  ],
  [
    'a test imports e2e/',
    'src/web/x.test.ts',
    "import { test } from '../../e2e/fixtures.ts';",
    /tests in src\/ may import src\/ and scripts\/, not e2e\/fixtures\.ts/,
  ],
  // Packages and builtins (allow-lists)
  [
    'src/shared imports node:*',
    'src/shared/api/x.ts',
    "import { readFileSync } from 'node:fs';",
    /src\/shared \(runs everywhere.*\) does not list node:fs: .*layers\.shared\.packages/,
  ],
  [
    'src/shared imports a bare builtin',
    'src/shared/rules/x.ts',
    "import { join } from 'path';",
    /write node:path, not path/,
  ],
  [
    'src/core imports electron',
    'src/core/x.ts',
    "import { app } from 'electron';",
    /src\/core \(.*\) does not list electron/,
  ],
  [
    'src/renderer imports node:*',
    'src/renderer/src/lib/x.ts',
    "import { readFile } from 'node:fs/promises';",
    /src\/renderer \(the untrusted UI: talks to the core only through window\.api.*\) does not list node:fs\/promises/,
  ],
  [
    'src/signing imports node:fs',
    'src/signing/x.ts',
    "import { readFileSync } from 'node:fs';",
    /src\/signing \(.*\) does not list node:fs/,
  ],
  [
    'src/core imports an unlisted package',
    'src/core/x.ts',
    "import leftPad from 'left-pad';",
    /src\/core \(.*\) does not list left-pad: if it belongs here, add it on purpose to layers\.core\.packages in eslint\.config\.js/,
  ],
  [
    'src/renderer imports an unlisted scoped package',
    'src/renderer/src/lib/x.ts',
    "import { x } from '@scope/pkg/sub';",
    /does not list @scope\/pkg: .*layers\.renderer\.packages/,
  ],
  [
    'src/web imports a package listed for another layer',
    'src/web/x.ts',
    "import { z } from 'zod';",
    /src\/web \(.*\) does not list zod/,
  ],
  [
    'src/preload imports a builtin',
    'src/preload/x.ts',
    "import { join } from 'node:path';",
    /src\/preload \(.*\) does not list node:path/,
  ],
  [
    'a test imports an unlisted package',
    'src/core/x.test.ts',
    "import nock from 'nock';",
    /does not list nock: .*tests\.packages \(or layers\.core\.packages\)/,
  ],
  [
    'src/core imports a made-up builtin',
    'src/core/x.ts',
    "import x from 'node:nonexistent';",
    /does not list node:nonexistent/,
  ],
  // Aliases
  [
    'src/core imports an unknown alias',
    'src/core/x.ts',
    "import { x } from '#utils/x.ts';",
    /unknown alias #utils\/x\.ts: package\.json "imports" defines #shared\/\*/,
  ],
  [
    'src/core imports an alias without its slash',
    'src/core/x.ts',
    "import { x } from '#core';",
    /unknown alias #core:/,
  ],
  [
    'a test imports an unknown alias',
    'src/core/x.test.ts',
    "import { x } from '#test/x.ts';",
    /unknown alias #test\/x\.ts/,
  ],
  // Every way of spelling an import
  [
    'a type-position import() crosses a layer',
    'src/shared/x.ts',
    "export type Core = import('#core/app-core.ts').Core;",
    /src\/shared must not import src\/core/,
  ],
  [
    'a type-position import() names an unlisted package',
    'src/renderer/src/lib/x.ts',
    "export type Keytar = typeof import('keytar');",
    /src\/renderer \(.*\) does not list keytar/,
  ],
  [
    'an import type crosses a layer',
    'src/renderer/src/lib/x.ts',
    "import type { CoreContext } from '#core/context.ts';",
    /src\/renderer must not import src\/core/,
  ],
  [
    'an inline type import crosses a layer',
    'src/renderer/src/lib/x.ts',
    "import { type CoreContext } from '#core/context.ts';",
    /src\/renderer must not import src\/core/,
  ],
  [
    'an import type names an unlisted package',
    'src/shared/x.ts',
    "import type { Pool } from 'undici';",
    /src\/shared \(.*\) does not list undici/,
  ],
  [
    'an export type … from crosses a layer',
    'src/shared/x.ts',
    "export type { CoreContext } from '#core/context.ts';",
    /src\/shared must not import src\/core/,
  ],
  [
    'an export * from crosses a layer',
    'src/sandbox/x.ts',
    "export * from '#core/errors.ts';",
    /src\/sandbox must not import src\/core/,
  ],
  [
    'a dynamic import() crosses a layer',
    'src/sandbox/x.ts',
    "export const load = () => import('#core/errors.ts');",
    /src\/sandbox must not import src\/core/,
  ],
  [
    'an import = require() crosses a layer',
    'src/shared/x.ts',
    "import errors = require('#core/errors.ts');",
    /src\/shared must not import src\/core/,
  ],
  [
    'a side-effect import crosses a layer',
    'src/renderer/src/lib/x.ts',
    "import '#core/errors.ts';",
    /src\/renderer must not import src\/core/,
  ],
  // Boundaries inside a layer
  [
    'renderer state imports a component folder',
    'src/renderer/src/lib/state/x.svelte.ts',
    "import { x } from '../components/policies/forms.ts';",
    /src\/renderer\/src\/lib\/state\/ must not import src\/renderer\/src\/lib\/components\/policies\/forms\.ts: state and form models are used by components/,
  ],
  [
    'renderer state imports a component',
    'src/renderer/src/lib/state/deep/x.ts',
    "import Dialog from '../../components/accounts/AccountFormDialog.svelte';",
    /state\/ must not import src\/renderer\/src\/lib\/components\/accounts\/AccountFormDialog\.svelte/,
  ],
  [
    'a renderer state test imports a component',
    'src/renderer/src/lib/state/x.svelte.test.ts',
    "import { x } from '../components/bulk/bulk-labels.ts';",
    /state\/ must not import .*components\/bulk\/bulk-labels\.ts/,
  ],
  [
    'a ui piece imports a component',
    'src/renderer/src/lib/ui/x.svelte',
    '<script lang="ts">\n  import X from \'../components/shell/AppShell.svelte\';\n</script>\n',
    /ui\/ must not import .*components\/shell\/AppShell\.svelte: ui\/ holds small generic pieces/,
  ],
];

const allowed: [string, string, string][] = [
  ['src/core imports the sandbox public entry', 'src/core/x.ts', "import { startSandbox } from '#sandbox';"],
  ['src/cli imports the sandbox public entry', 'src/cli/commands/x.ts', "import { runSandboxCli } from '#sandbox';"],
  [
    'src/core imports package.json (its listed exception)',
    'src/core/handlers/x.ts',
    "import pkg from '../../../package.json' with { type: 'json' };",
  ],
  ['src/core imports signing', 'src/core/x.ts', "import { signRequest } from '#signing/signature.ts';"],
  ['src/signing imports node:crypto', 'src/signing/x.ts', "import { createHmac } from 'node:crypto';"],
  [
    'src/renderer imports src/shared',
    'src/renderer/src/lib/x.ts',
    "import { operations } from '#shared/api/operations.ts';",
  ],
  [
    'src/renderer imports a listed package subpath',
    'src/renderer/src/lib/x.ts',
    "import { fade } from 'svelte/transition';",
  ],
  ['src/shared imports zod', 'src/shared/x.ts', "import { z } from 'zod';"],
  [
    'src/core imports any node: builtin and its listed packages',
    'src/core/x.ts',
    "import { open } from 'node:fs/promises';\nimport { Pool } from 'undici';\ntype K = typeof import('keytar');",
  ],
  [
    'src/main imports electron and the core',
    'src/main/x.ts',
    "import { app } from 'electron';\nimport { createCore } from '#core/app-core.ts';",
  ],
  ['src/web imports ws', 'src/web/x.ts', "import { WebSocketServer } from 'ws';"],
  [
    'a type-position import() within the layer table',
    'src/renderer/src/lib/x.ts',
    "export type Ops = typeof import('#shared/api/operations.ts');",
  ],
  [
    'an import type within the layer table',
    'src/core/x.ts',
    "import type { OperationId } from '#shared/api/operations.ts';",
  ],
  [
    'an export type … from within the layer table',
    'src/cli/x.ts',
    "export type { CoreContext } from '#core/context.ts';",
  ],
  [
    'a relative import inside the layer, with a Vite query',
    'src/renderer/src/lib/x.ts',
    "import css from '../app.css?inline';",
  ],
  [
    'a test imports a test helper',
    'src/core/x.test.ts',
    "import { startTestSandbox } from './test-support/sandbox.ts';",
  ],
  [
    'a test imports another layer and its internals',
    'src/signing/x.test.ts',
    "import { x } from '#core/api/client-core.ts';\nimport { y } from '#sandbox/store.ts';",
  ],
  ['a test imports scripts/', 'src/web/x.test.ts', "import { x } from '../../scripts/start.ts';"],
  [
    'a test imports vitest and the test packages',
    'src/sandbox/x.test.ts',
    "import { it } from 'vitest';\nimport { request } from 'undici';",
  ],
  [
    'a test imports its layer’s packages',
    'src/renderer/src/lib/x.svelte.test.ts',
    "import { render } from '@testing-library/svelte';\nimport { tick } from 'svelte';",
  ],
  [
    'a component imports state and a form model',
    'src/renderer/src/lib/components/policies/X.svelte',
    '<script lang="ts">\n  import { cacheFormFrom } from \'../../state/policy-forms.ts\';\n  cacheFormFrom;\n</script>\n',
  ],
  [
    'renderer state imports state, ui-free shared code and the API',
    'src/renderer/src/lib/state/x.ts',
    "import { formatError } from './format-error.ts';\nimport { AppCode } from '#shared/app-errors.ts';\nimport { getApi } from '../api/index.ts';",
  ],
];

describe('import layers (lint)', () => {
  for (const [name, file, code, message] of violations) {
    it(`fires when ${name}`, async () => {
      const messages = await layerMessages(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(message);
    });
  }

  for (const [name, file, code] of allowed) {
    it(`allows ${name}`, async () => {
      expect(await layerMessages(file, code)).toEqual([]);
    });
  }

  it('checks imports in a Svelte component, type-position import() included', async () => {
    const component = `<script lang="ts">\n  import { createCoreServices } from '#core/core-services.ts';\n  type C = import('#core/context.ts').CoreContext;\n  let c: C | undefined = undefined;\n  createCoreServices(c!);\n</script>\n`;
    const messages = await layerMessages('src/renderer/src/lib/components/X.svelte', component);
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(message).toMatch(/src\/renderer must not import src\/core/);
  });

  it('refuses a file in a folder that is not a layer, even with no imports', async () => {
    expect(await layerMessages('src/plugins/x.ts', 'export const x = 1;')).toEqual([
      expect.stringMatching(
        /src\/plugins is not a layer: .*add the layer to the import-layers options in eslint\.config\.js/,
      ),
    ]);
    expect(await layerMessages('src/x.ts', 'export const x = 1;')).toEqual([
      expect.stringMatching(/src\/\(top level\) is not a layer/),
    ]);
  });

  describe('the table lives in the options', () => {
    it('gives every exception a reason', () => {
      const exceptions = Object.values(table.layers).flatMap((l) => l.exceptions ?? []);
      expect(exceptions.map((e) => e.path).sort()).toEqual([
        'package.json',
        'src/sandbox/index.ts',
        'src/sandbox/index.ts',
      ]);
      for (const e of exceptions) expect(e.reason?.length).toBeGreaterThan(10);
    });

    // The project's config with only the table replaced.
    const withTable = (options: Table) =>
      new ESLint({
        cwd: root,
        overrideConfig: [{ files: ['src/**/*.ts'], rules: { 'layers/import-layers': ['error', options] } }],
      });

    it('refuses options the schema does not describe (an exception without its reason)', async () => {
      const bad = structuredClone(table);
      delete bad.layers.cli.exceptions![0].reason;
      await expect(
        layerMessages('src/cli/x.ts', "import { runSandboxCli } from '#sandbox';", withTable(bad)),
      ).rejects.toThrow(/reason/);
    });

    it('refuses a boundary without its reason', async () => {
      const bad = structuredClone(table);
      delete bad.boundaries![0].why;
      await expect(layerMessages('src/core/x.ts', 'export {};', withTable(bad))).rejects.toThrow(/why/);
    });

    it('refuses a table naming an unknown layer', async () => {
      const bad = structuredClone(table);
      bad.layers.core.layers.push('util');
      await expect(layerMessages('src/core/x.ts', 'export {};', withTable(bad))).rejects.toThrow(
        /layers\.core\.layers names unknown layers: util/,
      );
    });

    it('reads the table from the options, not from the rule', async () => {
      const edited = structuredClone(table);
      edited.layers.shared.packages.push('date-fns');
      expect(await layerMessages('src/shared/x.ts', "import { format } from 'date-fns';", withTable(edited))).toEqual(
        [],
      );
      expect(await layerMessages('src/shared/x.ts', "import { format } from 'date-fns';")).toHaveLength(1);
    });
  });
});
