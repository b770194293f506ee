// The account form's tags field: the shared tag rule's messages, the edit form's initial tags, and
// the server's per-tag field keys mapped onto the field.
import { describe, expect, it } from 'vitest';
import { accountFormFrom, emptyAccountForm, mapAccountFieldErrors, validateAccountForm } from './account-form.ts';
import type { AccountView } from '#shared/ipc/channels/accounts.ts';

const valid = {
  ...emptyAccountForm(),
  name: 'Acme',
  baseUrl: 'https://api.example.net',
  accessKeyId: 'AK',
  customerId: '7',
  secret: 's',
};

describe('account form tags', () => {
  it('accepts no tags, and tags the shared rule accepts', () => {
    expect(emptyAccountForm().tags).toEqual([]);
    // The colour the core would give next: five accounts added in a row get five colours.
    expect(emptyAccountForm(['teal', 'blue']).color).toBe('green');
    expect(validateAccountForm(valid, true)).toEqual({});
    expect(validateAccountForm({ ...valid, tags: ['retail', 'eu-west.2', 'Staging'] }, true)).toEqual({});
  });

  it('names the first bad tag and the rule, and the limit of 20', () => {
    expect(validateAccountForm({ ...valid, tags: ['retail', 're@tail', 'x y'] }, true)).toEqual({
      tags: 'Tag “re@tail” may only contain letters, digits, "-", "_" and ".", and must start with a letter or digit.',
    });
    expect(validateAccountForm({ ...valid, tags: ['a'.repeat(33)] }, true).tags).toBe(
      `Tag “${'a'.repeat(32)}…” is too long: at most 32 characters.`,
    );
    expect(validateAccountForm({ ...valid, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, true).tags).toBe(
      'At most 20 tags per account or service.',
    );
  });

  it('starts the edit form with the account’s tags (a copy)', () => {
    const account: AccountView = {
      id: 'a1',
      kind: 'standard',
      name: 'Acme',
      baseUrl: 'https://api.example.net',
      accessKeyId: 'AK',
      customerId: 7,
      color: 'blue',
      production: false,
      notes: '',
      needsSecret: false,
      customer: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const stored = ['retail'];
    const form = accountFormFrom(account, stored);
    expect(form.tags).toEqual(['retail']);
    form.tags.push('staging');
    expect(stored).toEqual(['retail']);
    expect(accountFormFrom(account).tags).toEqual([]);
  });

  it('maps the server’s field keys, per-tag ones included, onto the form fields', () => {
    expect(
      mapAccountFieldErrors({
        'tags.1': 'Tag “re@tail” …',
        'tags.2': 'second',
        'patch.name': 'Enter a name',
        accessKeySecret: 'bad',
        other: 'x',
      }),
    ).toEqual({
      tags: 'Tag “re@tail” …',
      name: 'Enter a name',
      secret: 'bad',
    });
    expect(mapAccountFieldErrors({ tags: 'At most 20 tags per account or service.' })).toEqual({
      tags: 'At most 20 tags per account or service.',
    });
  });
});
