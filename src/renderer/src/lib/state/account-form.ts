// Field rules of the account form come from the IPC contract's schemas (one source of truth).
import type { AccountView } from '#shared/ipc/channels/accounts.ts';
import { accountColors, accountProfileFields } from '#shared/account-profile.ts';
import { tagListSchema } from '#shared/tags.ts';
import { nextAccountColor } from '#shared/account-colors.ts';
import { z } from 'zod';

export type AccountFormField = 'name' | 'baseUrl' | 'accessKeyId' | 'secret' | 'customerId' | 'notes' | 'tags';
const FORM_FIELDS: readonly AccountFormField[] = [
  'name',
  'baseUrl',
  'accessKeyId',
  'secret',
  'customerId',
  'notes',
  'tags',
];

export interface AccountFormValues {
  name: string;
  baseUrl: string;
  accessKeyId: string;
  secret: string;
  customerId: string;
  color: AccountView['color'];
  production: boolean;
  notes: string;
  /** As entered (each is checked against the shared tag rule; stored lower-case). */
  tags: string[];
}

export const colorLabels: Record<(typeof accountColors)[number], string> = {
  gray: 'Gray',
  blue: 'Blue',
  green: 'Green',
  yellow: 'Yellow',
  orange: 'Orange',
  red: 'Red',
  purple: 'Purple',
  teal: 'Teal',
};

const secretRule = z.string().min(1, 'Enter the access key secret');

/** A new account's form; its colour is the one the core would pick next (the least used of `usedColors`). */
export function emptyAccountForm(usedColors: readonly AccountView['color'][] = []): AccountFormValues {
  return {
    name: '',
    baseUrl: 'https://',
    accessKeyId: '',
    secret: '',
    customerId: '',
    color: nextAccountColor(usedColors),
    production: false,
    notes: '',
    tags: [],
  };
}

export function accountFormFrom(account: AccountView, tags: readonly string[] = []): AccountFormValues {
  return {
    name: account.name,
    baseUrl: account.baseUrl,
    accessKeyId: account.accessKeyId,
    secret: '',
    customerId: String(account.customerId),
    color: account.color,
    production: account.production,
    notes: account.notes,
    tags: [...tags],
  };
}

/** Message for each invalid field (the contract's messages say what to enter). */
export function validateAccountForm(
  values: AccountFormValues,
  withSecret: boolean,
): Partial<Record<AccountFormField, string>> {
  const errors: Partial<Record<AccountFormField, string>> = {};
  const check = (field: AccountFormField, schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? 'Invalid value';
  };
  check('name', accountProfileFields.name, values.name);
  check('baseUrl', accountProfileFields.baseUrl, values.baseUrl);
  check('accessKeyId', accountProfileFields.accessKeyId, values.accessKeyId);
  check(
    'customerId',
    accountProfileFields.customerId,
    values.customerId.trim() === '' ? undefined : values.customerId.trim(),
  );
  check('notes', accountProfileFields.notes, values.notes);
  check('tags', tagListSchema, values.tags);
  if (withSecret) check('secret', secretRule, values.secret);
  return errors;
}

/** Server field keys ("patch.baseUrl", "secret", "tags.1") → form fields. */
export function mapAccountFieldErrors(
  fields: Record<string, string> | undefined,
): Partial<Record<AccountFormField, string>> {
  const mapped: Partial<Record<AccountFormField, string>> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    // A tag's issue is keyed by its index ("tags.1"); the first one is shown.
    const parts = key.split('.');
    const last = parts[0] === 'tags' ? 'tags' : (parts.pop() ?? key);
    const field = FORM_FIELDS.find((name) => name === (last === 'accessKeySecret' ? 'secret' : last));
    if (field && mapped[field] === undefined) mapped[field] = message;
  }
  return mapped;
}
