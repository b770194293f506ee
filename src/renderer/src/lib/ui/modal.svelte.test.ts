// @vitest-environment jsdom
// The shared dialog behaviour (modal-dialog.svelte.ts) through ui/modal.svelte's smallest user.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import ConfirmDialog from './confirm-dialog.svelte';

afterEach(() => cleanup());

const props = { title: 'Remove account?', message: 'It is removed from this computer.', onConfirm: () => {} };

describe('modal dialog', () => {
  it('asks the owner to close on Esc (cancel) and on a backdrop click, not on a click inside', async () => {
    const onCancel = vi.fn();
    render(ConfirmDialog, { props: { ...props, open: true, onCancel } });
    const dialog = screen.getByRole('alertdialog', { hidden: true }) as HTMLDialogElement;
    expect(dialog.hasAttribute('open')).toBe(true);
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    await fireEvent.click(screen.getByText(props.message));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await fireEvent.click(dialog);
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('opens and closes with `open` and gives focus back to the opener', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const view = render(ConfirmDialog, { props: { ...props, open: false, onCancel: () => {} } });
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.hasAttribute('open')).toBe(false);
    await view.rerender({ open: true });
    expect(dialog.hasAttribute('open')).toBe(true);
    screen.getByRole('button', { name: 'Cancel', hidden: true }).focus();
    await view.rerender({ open: false });
    await tick();
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
