import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

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
    // electron-vite leaves the renderer unminified by default; users download and parse it.
    build: { minify: process.env.ACCEL_BENCH_UNMINIFIED !== '1', rollupOptions: { input: { index: resolve('src/renderer/index.html') } } },
    plugins: [svelte()],
  },
});
