import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { channelNames } from './src/shared/ipc/contract.ts';
import { rendererAliases } from './electron.vite.config.ts';

// Node-side tests and rune/component tests (jsdom) in one run.
export default defineConfig({
  plugins: [svelte()],
  resolve: { conditions: ['browser'], alias: rendererAliases },
  // As in the renderer build (electron.vite.config.ts): src/renderer/src/lib/api/ipc-channel-names.ts.
  define: { __ACCEL_IPC_CHANNELS__: JSON.stringify(channelNames) },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'lint/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
