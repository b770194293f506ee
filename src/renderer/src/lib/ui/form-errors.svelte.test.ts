// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { FieldIndex, focusFirstInvalid } from './form-errors.svelte.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('FieldIndex', () => {
  it('finds the field showing a message, the nth one in document order for repeated messages', () => {
    document.body.innerHTML = '<input id="a"><input id="b"><input id="c">';
    const index = new FieldIndex();
    const cleanup = $effect.root(() => {
      // Registered out of document order, as conditional fields may be.
      $effect(() => index.register('c', 'Header name is required.'));
      $effect(() => index.register('a', 'Header name is required.'));
      $effect(() => index.register('b', 'Priority must be a number.'));
    });
    flushSync();
    expect(index.idFor('Priority must be a number.')).toBe('b');
    expect(index.idFor('Header name is required.', 0)).toBe('a');
    expect(index.idFor('Header name is required.', 1)).toBe('c');
    expect(index.idFor('Unknown')).toBeNull();
    cleanup();
    flushSync();
    expect(index.idFor('Priority must be a number.')).toBeNull();
  });
});

describe('focusFirstInvalid', () => {
  it('focuses the first invalid control in document order, else the fallback', async () => {
    document.body.innerHTML =
      '<form><input id="ok"><input id="bad1" aria-invalid="true"><input id="bad2" aria-invalid="true"></form><div id="summary" tabindex="-1"></div>';
    const form = document.querySelector('form');
    expect(await focusFirstInvalid(form)).toBe(true);
    expect(document.activeElement?.id).toBe('bad1');
    for (const el of document.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    expect(await focusFirstInvalid(form, document.getElementById('summary'))).toBe(true);
    expect(document.activeElement?.id).toBe('summary');
  });
});
