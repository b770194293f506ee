// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import DiffView, { diffRows } from './diff-view.svelte';

afterEach(() => cleanup());

describe('diffRows', () => {
  it('flattens nested values and classifies each path', () => {
    const rows = diffRows(
      { policyName: 'a', ttl: 60, matches: [{ field: 'req.path', values: ['/x'] }], gone: true },
      { policyName: 'a', ttl: 120, matches: [{ field: 'req.path', values: ['/x', '/y'] }], added: 'n' },
    );
    expect(rows.map((r) => [r.path, r.status])).toEqual([
      ['policyName', 'same'],
      ['ttl', 'changed'],
      ['matches.1.field', 'same'],
      ['matches.1.values', 'changed'],
      ['added', 'added'],
      ['gone', 'removed'],
    ]);
    expect(rows.find((r) => r.path === 'matches.1.values')?.after).toBe('/x, /y');
  });
});

describe('DiffView', () => {
  it('shows changed fields, hides unchanged ones until asked', async () => {
    render(DiffView, { props: { before: { a: 1, b: 2 }, after: { a: 1, b: 3 } } });
    expect(screen.getByText(/1 field changed/)).toBeTruthy();
    expect(screen.queryByText('a')).toBeNull();
    await fireEvent.click(screen.getByLabelText(/Show unchanged fields \(1\)/));
    expect(screen.getByText('a')).toBeTruthy();
  });

  it('says so when nothing changes', () => {
    render(DiffView, { props: { before: { a: 1 }, after: { a: 1 } } });
    expect(screen.getByText(/No differences/)).toBeTruthy();
  });
});
