// @vitest-environment jsdom
// An error shown in place reads exactly as its toast does: the same formatter, the same line.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import ErrorNotice from './error-notice.svelte';
import { errorLine, formatError } from '../state/format-error.ts';
import { handleError, toasts } from '../state/errors.svelte.ts';

afterEach(() => {
  for (const toast of [...toasts.items]) toasts.dismiss(toast.id);
  cleanup();
});

describe('ErrorNotice', () => {
  it('shows the heading, the message, the code and the trace ID as an alert — the toast’s line', () => {
    const failure = {
      code: 'Signature.NotMatch',
      message: 'The signature does not match.',
      status: 401,
      traceId: 'tr-9',
      retryable: false,
    };
    render(ErrorNotice, { props: { error: formatError(failure), heading: 'Could not test the connection.' } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Could not test the connection. The signature does not match. (Signature.NotMatch) trace tr-9',
    );
    const toast = handleError(failure, 'Could not test the connection');
    expect(toasts.items.at(-1)?.detail).toBe(errorLine(toast));
    expect(alert.textContent).toContain(errorLine(toast).replace(' trace tr-9', ''));
  });

  it('shows nothing without an error, and no made-up code for a plain message', () => {
    const { container } = render(ErrorNotice, { props: { error: null } });
    expect(container.textContent?.trim()).toBe('');
    cleanup();
    render(ErrorNotice, { props: { error: formatError('Choose the account first.') } });
    expect(screen.getByRole('alert').textContent?.trim()).toBe('Choose the account first.');
  });
});
