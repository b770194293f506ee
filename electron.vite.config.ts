import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { channelNames } from './src/shared/ipc/contract.ts';
import { zodWithoutJsonSchema } from './scripts/zod-without-json-schema.ts';
import { chartJsPureClasses } from './scripts/chartjs-pure-classes.ts';

// The renderer's chunks (docs/performance.md, "Start-up JavaScript"). What the first screen needs
// is one chunk, loaded at start; the screens AppShell loads on first use (shell/screens.ts) go into
// a few chunks by feature. Each file compresses on its own, so a chunk per screen would cost about
// 10 KiB gzip more in all than these groups. A module no group names gets a chunk of its own
// (Rolldown's automatic splitting): a new screen works without an entry here.
const sep = String.raw`[\\/]`;
const under = (...parts: string[]): RegExp => new RegExp(parts.map((part) => `${sep}${part}${sep}`).join('|'));
const rendererChunkGroups = [
  { name: 'start', tags: ['$initial' as const], priority: 10 },
  // What the screens below share (state, schemas, helpers), taken first: no screen then loads
  // another's chunk for a helper (the journal would load Chart.js for a number format).
  { name: 'screens-common', test: under('shared', 'state', 'ui'), priority: 9 },
  // The traffic dashboard and stats bundle review, with Chart.js, its date adapter and zoom plugin.
  {
    name: 'traffic',
    test: new RegExp(
      `${sep}node_modules${sep}(chart\\.js|chartjs-plugin-zoom|date-fns|@kurkle)${sep}|${sep}components${sep}traffic${sep}`,
    ),
    priority: 8,
  },
  // A service's screens: details, policies, rule tests, a new service.
  { name: 'service', test: under('services', 'policies', 'rule-tester', 'tags'), priority: 5 },
  // Work across services and accounts: bulk changes, configuration documents, baselines, the
  // journal, accounts, the fleet overview.
  { name: 'work', test: under('bulk', 'config', 'baselines', 'journal', 'accounts', 'overview'), priority: 5 },
];

// Module swaps of the renderer build, also used by the tests (vitest.config.ts) and the chart bench
// page: chartjs-plugin-zoom's gestures on pointer events instead of Hammer.js (zoom-gestures.ts).
export const rendererAliases = {
  hammerjs: resolve(import.meta.dirname, 'src/renderer/src/lib/components/traffic/zoom-gestures.ts'),
};

// Main and preload run in Node/Electron; the renderer is a plain web build that
// both hosts (Electron window and the loopback browser host) serve unchanged.
export default defineConfig({
  main: {
    build: {
      // keytar is an optionalDependency (a native module that may be missing, loaded lazily):
      // it must stay external like the regular dependencies.
      externalizeDeps: { include: ['keytar'] },
      rollupOptions: { input: { index: resolve('src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    // The IPC channel names the browser transport builds window.api from (lib/api/ipc-channel-names.ts).
    resolve: { alias: rendererAliases },
    define: { __ACCEL_IPC_CHANNELS__: JSON.stringify(channelNames) },
    build: {
      // electron-vite leaves the renderer unminified by default; users download and parse it.
      minify: process.env.ACCEL_BENCH_UNMINIFIED !== '1',
      // .vite/manifest.json: the chunks' static and dynamic imports, which the bench's `size` group
      // reads to tell the JavaScript loaded at start from the screens split out of it. Never served
      // (the browser host refuses dot folders).
      manifest: true,
      // Chromium has modulepreload; the polyfill would only add bytes.
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
        output: { codeSplitting: { groups: rendererChunkGroups } },
      },
    },
    plugins: [
      // Scope classes `s<hash>` instead of `svelte-<hash>`, and no version marker on window: bytes
      // every component's markup and the start-up code carry for nothing.
      svelte({ compilerOptions: { discloseVersion: false, cssHash: ({ hash, css }) => `s${hash(css)}` } }),
      zodWithoutJsonSchema(),
      chartJsPureClasses(),
    ],
  },
});
