// @vitest-environment jsdom
// The add/edit account dialog's tags: what accounts.add / accounts.update are sent, a bad tag held
// back with the field's message and focus, and a tag write that failed after the add said in a
// warning that stays. The IPC layer is replaced by a recorder (the real core is covered by
// src/core/accounts/account-tags.test.ts and the e2e in e2e/fleet-accounts.spec.ts).
import { AppCode } from '#shared/app-errors.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type { AccountView } from '#shared/ipc/channels/accounts.ts';

const calls: { channel: string; input: unknown }[] = [];
let answers: Record<string, (input: unknown) => unknown> = {};

vi.mock('../../state/ipc.ts', () => ({
  invoke: vi.fn(async (channel: string, input: unknown) => {
    calls.push({ channel, input });
    const answer = answers[channel];
    if (!answer) throw new Error(`unexpected call ${channel}`);
    return answer(input);
  }),
  onEvent: vi.fn(() => () => undefined),
}));

const { default: AccountFormDialog } = await import('./AccountFormDialog.svelte');
const { tags } = await import('../../state/tags.svelte.ts');
const { toasts } = await import('../../state/errors.svelte.ts');

const account: AccountView = {
  id: 'acc-1',
  kind: 'standard',
  name: 'Globex',
  baseUrl: 'https://api.globex.example',
  accessKeyId: 'AK-GLOBEX',
  customerId: 42,
  color: 'green',
  production: false,
  notes: '',
  needsSecret: false,
  customer: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const emptyList = () => ({ accounts: [], currentAccountId: null, warnings: [] });

beforeEach(() => {
  calls.length = 0;
  answers = {
    'accounts.list': emptyList,
    'accounts.health': () => ({}),
    'tags.list': () => ({ accounts: { [account.id]: ['retail', 'staging'] }, services: {} }),
  };
});
afterEach(() => {
  cleanup();
  for (const toast of toasts.items) toasts.dismiss(toast.id);
});

async function typeTags(text: string): Promise<HTMLElement> {
  const box = screen.getByRole('textbox', { name: 'Tags' });
  await fireEvent.input(box, { target: { value: text } });
  await fireEvent.keyDown(box, { key: 'Enter' });
  return box;
}

async function fillNewAccount(): Promise<void> {
  await fireEvent.input(screen.getByLabelText(/Display name/), { target: { value: 'Initech' } });
  await fireEvent.input(screen.getByLabelText(/Customer ID/), { target: { value: '77' } });
  await fireEvent.input(screen.getByLabelText(/API base URL/), { target: { value: 'https://api.initech.example' } });
  await fireEvent.input(screen.getByLabelText(/Access key ID/), { target: { value: 'AK-INITECH' } });
  await fireEvent.input(screen.getByLabelText(/Access key secret/), { target: { value: 'initech-secret' } });
}

const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const sent = (channel: string) => calls.filter((call) => call.channel === channel).map((call) => call.input);

describe('AccountFormDialog tags', () => {
  it('add: a bad tag is held back with its message and focus; the good tags go with accounts.add', async () => {
    const onClose = vi.fn();
    render(AccountFormDialog, { props: { open: true, onClose } });
    await fillNewAccount();
    const box = await typeTags('Retail, re@tail');
    await submit('Add account');
    const message =
      'Tag “re@tail” may only contain letters, digits, "-", "_" and ".", and must start with a letter or digit.';
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.getByText(message)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(sent('accounts.add')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    answers['accounts.add'] = () => ({
      account: { ...account, id: 'acc-2', name: 'Initech' },
      verified: true,
      tags: ['retail'],
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Remove re@tail' }));
    expect(screen.queryByText(message)).toBeNull();
    await submit('Add account');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('accounts.add')).toEqual([
      expect.objectContaining({ name: 'Initech', secret: 'initech-secret', tags: ['retail'] }),
    ]);
    expect(toasts.items.map((t) => [t.tone, t.title])).toEqual([['success', 'Added “Initech”']]);
  });

  it('add without tags sends no tags field', async () => {
    answers['accounts.add'] = () => ({ account: { ...account, id: 'acc-2', name: 'Initech' }, verified: true });
    const onClose = vi.fn();
    render(AccountFormDialog, { props: { open: true, onClose } });
    await fillNewAccount();
    await submit('Add account');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('accounts.add')[0]).not.toHaveProperty('tags');
  });

  it('add: tags that could not be stored are said in a warning that stays; the dialog closes (the account exists)', async () => {
    const tagsError =
      '“Initech” was added, but its tags (retail) could not be stored: disk full. Add them on the Accounts screen with “Add tags”.';
    answers['accounts.add'] = () => ({
      account: { ...account, id: 'acc-2', name: 'Initech' },
      verified: true,
      tagsError,
    });
    const onClose = vi.fn();
    render(AccountFormDialog, { props: { open: true, onClose } });
    await fillNewAccount();
    await typeTags('retail');
    await submit('Add account');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts.items).toEqual([
      expect.objectContaining({
        tone: 'warning',
        title: 'Added “Initech” without its tags',
        detail: `${tagsError} The gateway accepted the credentials.`,
      }),
    ]);
  });

  it('edit: starts with the account’s tags and replaces them with accounts.update', async () => {
    await tags.load();
    answers['accounts.update'] = () => account;
    const onClose = vi.fn();
    render(AccountFormDialog, { props: { open: true, onClose, account } });
    expect(screen.getByRole('list', { name: 'Entries' }).textContent).toMatch(/retail.*staging/s);
    await fireEvent.click(screen.getByRole('button', { name: 'Remove staging' }));
    await typeTags('EU');
    await submit('Save changes');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('accounts.update')).toEqual([
      expect.objectContaining({ accountId: account.id, tags: ['retail', 'eu'], verify: false }),
    ]);
  });

  it('edit: removing every tag sends an empty list (the tags are removed)', async () => {
    await tags.load();
    answers['accounts.update'] = () => account;
    const onClose = vi.fn();
    render(AccountFormDialog, { props: { open: true, onClose, account } });
    await fireEvent.click(screen.getByRole('button', { name: 'Remove staging' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Remove retail' }));
    await submit('Save changes');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('accounts.update')).toEqual([expect.objectContaining({ tags: [] })]);
  });

  it('edit: a failed tag write keeps the dialog open with the message and no "save without checking"', async () => {
    await tags.load();
    answers['accounts.update'] = () => {
      // A failed call rejects with the IPC error's shape: code and message.
      throw Object.assign(
        new Error(
          'The changes to “Globex” were saved, but its tags could not be stored: disk full. Save again to retry.',
        ),
        { code: AppCode.Tags.NotStored, retryable: true },
      );
    };
    const onClose = vi.fn();
    render(AccountFormDialog, { props: { open: true, onClose, account } });
    await typeTags('eu');
    await submit('Save changes');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'its tags could not be stored: disk full. Save again to retry.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Save without checking' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Entries' }).textContent).toMatch(/retail.*staging.*eu/s);
  });
});

describe('AccountFormDialog focus', () => {
  it('opens on Display name (not on ✕, where typing a space would close it)', async () => {
    render(AccountFormDialog, { props: { open: true, onClose: vi.fn() } });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Display name/)));
  });

  it('Test connection leaves focus on its result', async () => {
    answers['accounts.testConnection'] = () => ({
      ok: true,
      customer: { id: 77, name: 'Initech', region: 'eu', verifiedAt: '2026-01-01T00:00:00.000Z' },
      latencyMs: 12,
    });
    render(AccountFormDialog, { props: { open: true, onClose: vi.fn() } });
    await fillNewAccount();
    await submit('Test connection');
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Connected\./));
    expect(document.activeElement?.getAttribute('role')).toBe('status');

    answers['accounts.testConnection'] = () => ({
      ok: false,
      code: 'Signature.NotMatch',
      message: 'The secret does not match.',
    });
    await submit('Test connection');
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Could not verify these credentials/));
  });
});
