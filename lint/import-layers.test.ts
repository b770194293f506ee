// Each rule of DESIGN.md's import table fires on a deliberate violation, through the project's
// real ESLint config (so a rule that is written but not wired in fails here too).
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function layerMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result.messages.filter((m) => m.ruleId === 'layers/import-layers').map((m) => m.message);
}

const violations: [string, string, string, RegExp][] = [
  ['src/shared imports another folder', 'src/shared/api/x.ts', "import { a } from '#core/errors.ts';", /src\/shared must not import src\/core/],
  ['src/shared imports node:*', 'src/shared/api/x.ts', "import { readFileSync } from 'node:fs';", /no node:fs/],
  ['src/shared imports a bare builtin', 'src/shared/rules/x.ts', "import { join } from 'path';", /no path/],
  ['src/core imports electron', 'src/core/x.ts', "import { app } from 'electron';", /src\/core must not import electron/],
  ['src/core imports the renderer', 'src/core/x.ts', "import x from '../renderer/src/main.ts';", /src\/core must not import src\/renderer/],
  ['src/core imports a host', 'src/core/handlers/x.ts', "import { startWebHost } from '#web/server.ts';", /src\/core must not import src\/web/],
  ['src/core imports the Electron host', 'src/core/x.ts', "import { x } from '../main/menu.ts';", /src\/core must not import src\/main/],
  ['src/core imports sandbox internals', 'src/core/x.ts', "import { SandboxStore } from '#sandbox/store.ts';", /sandbox internals/],
  ['src/renderer imports the core', 'src/renderer/src/lib/x.ts', "import { x } from '../../../core/journal.ts';", /src\/renderer must not import src\/core/],
  ['src/renderer imports node:*', 'src/renderer/src/lib/x.ts', "import { readFile } from 'node:fs/promises';", /src\/renderer talks to the core only through window.api/],
  ['src/web imports src/cli', 'src/web/x.ts', "import { runCli } from '#cli/accel.ts';", /src\/web must not import src\/cli/],
  ['src/cli imports src/main', 'src/cli/x.ts', "import { x } from '../main/menu.ts';", /src\/cli must not import src\/main/],
  ['src/main imports src/web', 'src/main/x.ts', "import { startWebHost } from '#web/server.ts';", /src\/main must not import src\/web/],
  ['src/sandbox imports the core', 'src/sandbox/x.ts', "import { createApiClient } from '#core/api/client.ts';", /src\/sandbox must not import src\/core/],
  ['src/signing imports node:fs', 'src/signing/x.ts', "import { readFileSync } from 'node:fs';", /node:crypto only/],
  ['production code imports a test helper', 'src/core/x.ts', "import { startTestSandbox } from './test-support/sandbox.ts';", /must not import the test helper/],
  ['a host imports a test helper', 'src/web/x.ts', "import { x } from '#core/test-support/core.ts';", /must not import the test helper/],
];

describe('import layers (lint)', () => {
  for (const [name, file, code, message] of violations) {
    it(`fires when ${name}`, async () => {
      const messages = await layerMessages(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(message);
    });
  }

  const allowed: [string, string, string][] = [
    ['src/core imports the sandbox public entry', 'src/core/x.ts', "import { startSandbox } from '#sandbox';"],
    ['src/core imports signing', 'src/core/x.ts', "import { signRequest } from '#signing/signature.ts';"],
    ['src/signing imports node:crypto', 'src/signing/x.ts', "import { createHmac } from 'node:crypto';"],
    ['src/renderer imports src/shared', 'src/renderer/src/lib/x.ts', "import { operations } from '#shared/api/operations.ts';"],
    ['a test imports a test helper', 'src/core/x.test.ts', "import { startTestSandbox } from './test-support/sandbox.ts';"],
    ['src/main imports the core', 'src/main/x.ts', "import { createCore } from '#core/app-core.ts';"],
  ];
  for (const [name, file, code] of allowed) {
    it(`allows ${name}`, async () => {
      expect(await layerMessages(file, code)).toEqual([]);
    });
  }
});
