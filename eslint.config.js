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
    // DESIGN.md's import table: shared ← signing ← core ← hosts; renderer → shared only.
    files: ['src/**/*.ts', 'src/**/*.svelte'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/import-layers': 'error' },
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
