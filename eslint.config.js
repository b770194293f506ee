import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { layersPlugin } from './lint/import-layers.js';

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
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
);
