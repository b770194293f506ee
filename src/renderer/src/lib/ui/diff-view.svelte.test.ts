// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import DiffView from './diff-view.svelte';

afterEach(() => cleanup());

describe('DiffView', () => {
  it('shows changed fields, hides unchanged ones until asked', async () => {
    render(DiffView, { props: { before: { policyName: 'p', priority: 2 }, after: { policyName: 'p', priority: 3 } } });
    expect(screen.getByText(/1 field changed/)).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: /Policy name/ })).toBeNull();
    await fireEvent.click(screen.getByLabelText(/Show unchanged fields \(1\)/));
    expect(screen.getByRole('rowheader', { name: /Policy name/ })).toBeTruthy();
  });

  it('shows the form labels and human units, the API names and values on request', async () => {
    render(DiffView, {
      props: {
        before: { ttl: 3600, responseHeaders: [{ name: 'A', operationType: 'add' }] },
        after: { ttl: 86400, responseHeaders: [{ name: 'A', operationType: 'delete' }] },
      },
    });
    const ttl = screen.getByRole('row', { name: /^TTL/ });
    expect(ttl.textContent).toContain('1 hour');
    expect(ttl.textContent).toContain('1 day');
    expect(ttl.textContent).not.toContain('86400');
    const header = screen.getByRole('rowheader', { name: /^Response header 1 — operation/ });
    expect(header.getAttribute('title')).toBe('API name: responseHeaders.0.operationType');
    expect(screen.queryByText('responseHeaders.0.operationType')).toBeNull();
    await fireEvent.click(screen.getByLabelText('Show API names and values'));
    expect(screen.getByText('responseHeaders.0.operationType')).toBeTruthy();
    expect(screen.getByRole('row', { name: /^TTL/ }).textContent).toContain('86400');
  });

  it('masks secret values (tokens) in both views until Show is pressed', async () => {
    const token = 'a'.repeat(32) + '0'.repeat(32);
    const other = 'b'.repeat(64);
    const { container } = render(DiffView, {
      props: { before: { policyName: 'p' }, after: { policyName: 'p', tokenSecret: `${token},${other}` } },
    });
    expect(container.textContent).not.toContain(token);
    expect(screen.getByRole('row', { name: /^Token secret/ }).textContent).toContain('2 × •••••••• (hidden)');
    await fireEvent.click(screen.getByLabelText('Show API names and values'));
    expect(container.textContent).not.toContain(token);
    const show = screen.getByRole('button', { name: 'Show token secret' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    await fireEvent.click(show);
    expect(container.textContent).toContain(token);
    await fireEvent.click(screen.getByRole('button', { name: 'Hide token secret' }));
    expect(container.textContent).not.toContain(token);
  });

  it('says so when nothing changes', () => {
    render(DiffView, { props: { before: { a: 1 }, after: { a: 1 } } });
    expect(screen.getByText(/No differences/)).toBeTruthy();
  });
});
