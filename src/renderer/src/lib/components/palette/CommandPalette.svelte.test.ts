// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import CommandPalette, { type PaletteItem } from './CommandPalette.svelte';
import { fuzzyFilter, fuzzyMatch } from './fuzzy.ts';

afterEach(() => cleanup());

function items(run = vi.fn()): PaletteItem[] {
  return [
    { id: 'svc-1', label: 'www.example.com', group: 'Services', detail: '#101', run: () => run('svc-1') },
    { id: 'svc-2', label: 'static.shop.test', group: 'Services', detail: '#102', run: () => run('svc-2') },
    { id: 'scr-cache', label: 'Cache control', group: 'Screens', run: () => run('scr-cache') },
    { id: 'scr-access', label: 'Access control', group: 'Screens', run: () => run('scr-access') },
    {
      id: 'acc-prod',
      label: 'Switch to Production EU',
      group: 'Accounts',
      keywords: 'account',
      run: () => run('acc-prod'),
    },
  ];
}

function optionLabels(): string[] {
  return screen.queryAllByRole('option').map((option) => option.querySelector('.label')?.textContent ?? '');
}

describe('fuzzyMatch', () => {
  it('matches characters in order and rejects others', () => {
    expect(fuzzyMatch('wex', 'www.example.com')).not.toBeNull();
    expect(fuzzyMatch('xew', 'www.example.com')).toBeNull();
  });

  it('ranks substrings and word starts first', () => {
    const ranked = fuzzyFilter(items(), 'cach', (item) => item.label).map(({ item }) => item.label);
    expect(ranked[0]).toBe('Cache control');
    const control = fuzzyFilter(items(), 'control', (item) => item.label).map(({ item }) => item.label);
    expect(control).toEqual(['Cache control', 'Access control']);
  });
});

describe('fuzzyFilter with several words', () => {
  const services = [
    { label: 'www.customer-5102.example.org', other: 'Services — Globex #110 Globex' },
    { label: 'www.customer-5101.example.org', other: 'Services #107 Acme' },
    { label: 'static.example-media.net › CORS', other: 'Service sections #102 Sandbox' },
    { label: 'static.example-media.net › Details', other: 'Service sections #102 Sandbox' },
  ];
  it('needs every word, each in the label or another field', () => {
    const found = fuzzyFilter(
      services,
      'globex www',
      (s) => s.label,
      (s) => s.other,
    ).map(({ item }) => item.label);
    expect(found).toEqual(['www.customer-5102.example.org']);
    const section = fuzzyFilter(
      services,
      'static cors',
      (s) => s.label,
      (s) => s.other,
    ).map(({ item }) => item.label);
    expect(section[0]).toBe('static.example-media.net › CORS');
  });
  it('does not match a word fuzzily inside the other fields', () => {
    expect(
      fuzzyFilter(
        services,
        'www gbx',
        (s) => s.label,
        (s) => s.other,
      ),
    ).toEqual([]);
  });
});

describe('CommandPalette', () => {
  it('lists everything, then filters as the user types', async () => {
    render(CommandPalette, { props: { open: true, items: items(), onClose: () => undefined } });
    expect(optionLabels()).toHaveLength(5);
    const input = screen.getByRole('combobox', { name: 'Search services, screens and accounts' });
    await fireEvent.input(input, { target: { value: 'exa' } });
    expect(optionLabels()).toEqual(['www.example.com']);
    await fireEvent.input(input, { target: { value: 'zzz' } });
    expect(optionLabels()).toEqual([]);
    expect(screen.getByText('No matches for “zzz”')).toBeTruthy();
  });

  it('moves with the arrow keys, runs the active item with Enter and closes', async () => {
    const run = vi.fn();
    const onClose = vi.fn();
    render(CommandPalette, { props: { open: true, items: items(run), onClose } });
    const input = screen.getByRole('combobox');
    await fireEvent.input(input, { target: { value: 'control' } });
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    await fireEvent.keyDown(input, { key: 'ArrowDown' });
    const selected = screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true');
    expect(selected?.textContent).toContain('Access control');
    expect(input.getAttribute('aria-activedescendant')).toBe(selected?.id);
    await fireEvent.keyDown(input, { key: 'ArrowDown' });
    // Wraps around to the first result.
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    await fireEvent.keyDown(input, { key: 'ArrowUp' });
    await fireEvent.keyDown(input, { key: 'Enter' });
    expect(onClose).toHaveBeenCalled();
    expect(run).toHaveBeenCalledWith('scr-access');
  });

  it('finds accounts by keyword and closes with Escape', async () => {
    const onClose = vi.fn();
    render(CommandPalette, { props: { open: true, items: items(), onClose } });
    const input = screen.getByRole('combobox');
    await fireEvent.input(input, { target: { value: 'account' } });
    expect(optionLabels()).toEqual(['Switch to Production EU']);
    await fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
