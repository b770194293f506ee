// @vitest-environment jsdom
// Field errors wait until the field was touched (blur or edit), the first save attempt, or a
// restored draft; once touched they follow the input as it is typed.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';

type Key = { accountId: string; serviceId: number; policyKey: string };
type Stored = { value: unknown; formVersion: number; savedAt: string };
const drafts = new Map<string, Stored>();
const keyOf = (k: Key) => `${k.accountId}/${k.serviceId}/${k.policyKey}`;

beforeAll(() => {
  // getApi() uses globalThis.api when present (the Electron preload's object).
  (globalThis as unknown as { api: unknown }).api = {
    on: () => () => undefined,
    host: {},
    drafts: {
      get: async (k: Key) => {
        const d = drafts.get(keyOf(k));
        return { ok: true, data: { draft: d ? { ...k, ...d } : null } };
      },
      save: async (k: Key & { value: unknown; formVersion: number }) => {
        const savedAt = new Date().toISOString();
        drafts.set(keyOf(k), { value: k.value, formVersion: k.formVersion, savedAt });
        return { ok: true, data: { savedAt } };
      },
      discard: async (k: Key) => {
        drafts.delete(keyOf(k));
        return { ok: true, data: { ok: true } };
      },
    },
  };
});

afterEach(() => {
  cleanup();
  drafts.clear();
});

const props = { accountId: 'a', serviceId: 101, last: null, onSaved: () => undefined };

async function renderEditor() {
  const { default: RateLimitEditor } = await import('./RateLimitEditor.svelte');
  render(RateLimitEditor, { props });
  const form = await screen.findByRole('form', { name: 'Rate limit' });
  return {
    form,
    window: screen.getByLabelText('Time window (seconds)') as HTMLInputElement,
    limit: screen.getByLabelText('Request limit') as HTMLInputElement,
  };
}

describe('RateLimitEditor field errors', () => {
  it('shows nothing on the pristine form, then each field once touched, and everything after a save attempt', async () => {
    const { window, limit } = await renderEditor();
    // Let the draft restore finish: the form stays quiet.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/is required/)).toBeNull();
    expect(window.getAttribute('aria-invalid')).toBeNull();

    // Editing a field reveals its own error and keeps validating as you type.
    await fireEvent.input(window, { target: { value: '0' } });
    expect(screen.getByText('Time window (seconds) must be a whole number greater than 0.')).toBeTruthy();
    expect(window.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Request limit is required.')).toBeNull();
    await fireEvent.input(window, { target: { value: '60' } });
    expect(screen.queryByText(/Time window \(seconds\)/, { selector: '.field-error' })).toBeNull();

    // Leaving a field (blur) without typing reveals it too.
    await fireEvent.focusOut(limit);
    expect(screen.getByText(/Request limit is required/, { selector: '.field-error' })).toBeTruthy();
    expect(limit.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows every error and the summary after the first save attempt', async () => {
    await renderEditor();
    await fireEvent.click(screen.getByRole('button', { name: 'Review and save rate limit' }));
    expect(screen.getByText(/Time window \(seconds\) is required/, { selector: '.field-error' })).toBeTruthy();
    expect(screen.getByText(/Request limit is required/, { selector: '.field-error' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Fix these 2 problems before saving');
  });

  it('counts a restored draft with content as touched', async () => {
    drafts.set('a/101/rate-limit', {
      value: { timeWindow: 'abc', requestLimit: '', ignoreUrlPath: 'keep', ignoreQueryString: 'keep' },
      formVersion: 1,
      savedAt: '2026-01-01T00:00:00.000Z',
    });
    const { window } = await renderEditor();
    await waitFor(() => expect(window.value).toBe('abc'));
    expect(screen.getByText(/Time window \(seconds\)/, { selector: '.field-error' })).toBeTruthy();
    expect(screen.getByText(/Request limit is required/, { selector: '.field-error' })).toBeTruthy();
  });
});

describe('AccessEditor (new policy) field errors', () => {
  it('opens without errors; the token type shows its requirement at once; a save attempt shows the rest', async () => {
    const { default: AccessEditor } = await import('./AccessEditor.svelte');
    render(AccessEditor, {
      props: {
        accountId: 'a',
        serviceId: 101,
        policy: null,
        others: [],
        onClose: () => undefined,
        onSaved: () => undefined,
      },
    });
    const form = await screen.findByRole('form', { name: 'New access control policy' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(form.querySelector('.field-error, .error-text')).toBeNull();

    // Choosing "token" is the user's own edit: the token group says what it needs right away.
    await fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'token' } });
    expect(screen.getByText(/Token policies need at least one token/)).toBeTruthy();
    expect(screen.queryByText(/Policy name is required/, { selector: '.field-error' })).toBeNull();

    await fireEvent.click(screen.getByRole('button', { name: 'Review and create' }));
    expect(screen.getByText(/Policy name/, { selector: '.field-error' })).toBeTruthy();
  });

  it('a token length error shows once, under its token, only after an edit or a save attempt', async () => {
    const { default: AccessEditor } = await import('./AccessEditor.svelte');
    render(AccessEditor, {
      props: {
        accountId: 'a',
        serviceId: 101,
        policy: null,
        others: [],
        onClose: () => undefined,
        onSaved: () => undefined,
      },
    });
    await screen.findByRole('form', { name: 'New access control policy' });
    await fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'token' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Add token' }));
    // An empty box to type into, not an error.
    expect(screen.queryByText(/Token 1 has/)).toBeNull();
    expect(screen.queryByText(/at least one token/)).toBeNull();
    const token = screen.getByLabelText('Token 1');
    expect(token.getAttribute('aria-invalid')).toBeNull();

    await fireEvent.input(token, { target: { value: 'abc' } });
    expect(screen.getAllByText('Token 1 has 3 characters; each token must have exactly 64.')).toHaveLength(1);
    expect(token.getAttribute('aria-invalid')).toBe('true');
    expect(token.getAttribute('aria-describedby')).toBe('token-0-error');

    // A second, untouched box stays quiet until the save attempt; then each shows its own, once.
    await fireEvent.click(screen.getByRole('button', { name: 'Add token' }));
    expect(screen.queryByText(/Token 2 has/)).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Review and create' }));
    expect(
      screen.getAllByText('Token 1 has 3 characters; each token must have exactly 64.', { selector: '.error-text' }),
    ).toHaveLength(1);
    expect(
      screen.getAllByText('Token 2 has 0 characters; each token must have exactly 64.', { selector: '.error-text' }),
    ).toHaveLength(1);
  });
});
