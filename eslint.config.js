import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { layersPlugin } from './lint/import-layers.js';
import { clockPlugin } from './lint/no-wall-clock.js';

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'resources/', 'e2e/screenshots/', 'test-results/', 'bin/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The layer table: shared ← signing ← core ← hosts (main, web, cli); renderer and preload →
    // shared only. Per src/ folder: the folders it may import (`layers`), the npm packages and
    // Node builtins it may import (`packages`; 'node:*' = every builtin), and single files beyond
    // that, each with its reason (`exceptions`). Anything unlisted is a lint error, so a new
    // dependency is added here on purpose. Inside a layer, `boundaries` keep folders apart (files
    // under `from` never import `never`, tests included). docs/architecture.md explains the intent.
    files: ['src/**/*.ts', 'src/**/*.svelte'],
    plugins: { layers: layersPlugin },
    rules: {
      'layers/import-layers': [
        'error',
        {
          layers: {
            shared: {
              why: 'runs everywhere, the renderer included: schemas and tables, no Node, no Electron',
              layers: [],
              packages: ['zod'],
            },
            signing: {
              why: 'signature v2 for the client and the gateway alike, on node:crypto alone',
              layers: ['shared'],
              packages: ['node:crypto'],
            },
            core: {
              why: 'the host-agnostic core: knows no Electron, no host and no renderer',
              layers: ['shared', 'signing'],
              packages: ['zod', 'undici', 'keytar', 'node:*'],
              exceptions: [
                {
                  path: 'src/sandbox/index.ts',
                  reason: 'the sandbox account starts the in-process gateway, only through its public entry',
                },
                { path: 'package.json', reason: 'the app version (app.status, stats bundles) has one source' },
              ],
            },
            main: {
              why: 'the Electron host: transports core channels',
              layers: ['core', 'shared', 'signing'],
              packages: ['electron', 'zod', 'node:*'],
            },
            web: {
              why: 'the browser host: transports core channels over HTTP and a WebSocket',
              layers: ['core', 'shared', 'signing'],
              packages: ['ws', 'node:*'],
            },
            cli: {
              why: 'accel: transports core channels to a terminal',
              layers: ['core', 'shared', 'signing'],
              packages: ['zod', 'node:*'],
              exceptions: [
                {
                  path: 'src/sandbox/index.ts',
                  reason: '`accel sandbox` runs the gateway in-process (runSandboxCli), only through its public entry',
                },
              ],
            },
            sandbox: {
              why: 'the gateway emulator: verifies with src/signing, never uses the core it serves',
              layers: ['shared', 'signing'],
              packages: ['zod', 'node:*'],
            },
            preload: {
              why: 'the sandboxed preload: window.api from the IPC table, no Node',
              layers: ['shared'],
              packages: ['electron'],
            },
            renderer: {
              why: 'the untrusted UI: talks to the core only through window.api, no Node, no Electron',
              layers: ['shared'],
              packages: ['svelte', 'chart.js', 'chartjs-plugin-zoom', 'date-fns', 'zod'],
            },
          },
          tests: {
            why: 'tests drive real parts across layers (internals and test-support helpers included)',
            files: ['scripts/'],
            packages: ['vitest', '@testing-library/svelte', 'undici', 'saxes', 'js-yaml'],
          },
          boundaries: [
            {
              from: 'src/renderer/src/lib/state/',
              never: ['src/renderer/src/lib/components/'],
              why: 'state and form models are used by components, never the other way round: a model components need lives in state/',
            },
            {
              from: 'src/renderer/src/lib/ui/',
              never: ['src/renderer/src/lib/components/'],
              why: 'ui/ holds small generic pieces that know no feature',
            },
          ],
        },
      ],
    },
  },
  {
    // DESIGN.md's one clock: the core and shared code take time from src/core/clock.ts. Tests are
    // left out (they may talk to a real server stamped with the system clock); the second vitest
    // run with the clock 400 days ahead (scripts/test.ts) catches a test that depends on the date.
    files: ['src/core/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-support/**', '**/*.fixture.ts'],
    plugins: { clock: clockPlugin },
    rules: { 'clock/no-wall-clock': 'error' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
);
