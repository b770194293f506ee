// @vitest-environment jsdom
// The virtualised table: a bounded number of rows in the DOM for 5,000 items, the whole size for
// screen readers, scrolling to an item, and keyboard navigation that reaches the last row.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import Harness from './VirtualListHarness.test.svelte';
import { visibleRange } from './virtual-list.svelte';

afterEach(() => cleanup());

const dataRows = (): HTMLElement[] => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-index'));

describe('virtual list', () => {
  it('computes the rows a view needs, with overscan, inside the list', () => {
    expect(visibleRange(5000, 40, 0, 400, 5)).toEqual({ first: 0, last: 16 });
    expect(visibleRange(5000, 40, 4000, 400, 5)).toEqual({ first: 95, last: 116 });
    expect(visibleRange(5000, 40, 40 * 5000, 400, 5)).toEqual({ first: 4995, last: 5000 });
    expect(visibleRange(0, 40, 0, 400, 5)).toEqual({ first: 0, last: 0 });
  });

  it('renders a bounded number of rows for 5,000 items and tells screen readers the whole size', () => {
    render(Harness, { count: 5000, onactivate: vi.fn() });
    const table = screen.getByRole('table', { name: 'Services' });
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    const rows = dataRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(40);
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
    expect(
      screen.getByRole('columnheader', { name: 'Domain name' }).closest('[role="row"]')?.getAttribute('aria-rowindex'),
    ).toBe('1');
    // One row takes the focus when the table is tabbed into (roving tabindex).
    expect(rows.filter((row) => row.tabIndex === 0)).toHaveLength(1);
  });

  it('scrolls to an item far down the list', async () => {
    render(Harness, { count: 5000, onactivate: vi.fn() });
    expect(screen.queryByText('service-2500.example')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Scroll to 2500' }));
    await tick();
    const row = screen.getByText('service-2500.example').closest('[role="row"]');
    expect(row?.getAttribute('aria-rowindex')).toBe('2502');
    expect(dataRows().length).toBeLessThanOrEqual(40);
  });

  it('reaches the last row with the keyboard and opens it with Enter', async () => {
    const onactivate = vi.fn();
    render(Harness, { count: 5000, onactivate });
    const first = dataRows()[0] as HTMLElement;
    first.focus();
    await fireEvent.keyDown(first, { key: 'ArrowDown' });
    await tick();
    expect(document.activeElement?.textContent).toBe('service-1.example');
    await fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'End' });
    await tick();
    await tick();
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('5001');
    expect(document.activeElement?.textContent).toBe('service-4999.example');
    await fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    await tick();
    expect(document.activeElement?.textContent).toBe('service-4998.example');
    await fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Enter' });
    expect(onactivate).toHaveBeenCalledWith('service-4998.example');
    // Home goes back to the top; the focus row is always in the DOM.
    await fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Home' });
    await tick();
    await tick();
    expect(document.activeElement?.textContent).toBe('service-0.example');
    expect(dataRows().length).toBeLessThanOrEqual(40);
  });
});
