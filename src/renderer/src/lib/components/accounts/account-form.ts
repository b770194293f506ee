// Field rules of the account form come from the IPC contract's schemas (one source of truth).
import { accountColors, accountProfileFields, type AccountView } from '#shared/ipc/channels/accounts.ts';
import { z } from 'zod';

export type AccountFormField = 'name' | 'baseUrl' | 'accessKeyId' | 'secret' | 'customerId' | 'notes';

export interface AccountFormValues {
  name: string;
  baseUrl: string;
  accessKeyId: string;
  secret: string;
  customerId: string;
  color: AccountView['color'];
  production: boolean;
  notes: string;
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

export function emptyAccountForm(): AccountFormValues {
  return { name: '', baseUrl: 'https://', accessKeyId: '', secret: '', customerId: '', color: 'blue', production: false, notes: '' };
}

export function accountFormFrom(account: AccountView): AccountFormValues {
  return {
    name: account.name,
    baseUrl: account.baseUrl,
    accessKeyId: account.accessKeyId,
    secret: '',
    customerId: String(account.customerId),
    color: account.color,
    production: account.production,
    notes: account.notes,
  };
}

/** Message for each invalid field (the contract's messages say what to enter). */
export function validateAccountForm(values: AccountFormValues, withSecret: boolean): Partial<Record<AccountFormField, string>> {
  const errors: Partial<Record<AccountFormField, string>> = {};
  const check = (field: AccountFormField, schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? 'Invalid value';
  };
  check('name', accountProfileFields.name, values.name);
  check('baseUrl', accountProfileFields.baseUrl, values.baseUrl);
  check('accessKeyId', accountProfileFields.accessKeyId, values.accessKeyId);
  check('customerId', accountProfileFields.customerId, values.customerId.trim() === '' ? undefined : values.customerId.trim());
  check('notes', accountProfileFields.notes, values.notes);
  if (withSecret) check('secret', secretRule, values.secret);
  return errors;
}

/** Server field keys ("patch.baseUrl", "secret") → form fields. */
export function mapAccountFieldErrors(fields: Record<string, string> | undefined): Partial<Record<AccountFormField, string>> {
  const mapped: Partial<Record<AccountFormField, string>> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const last = key.split('.').pop() ?? key;
    const field = (last === 'accessKeySecret' ? 'secret' : last) as AccountFormField;
    if (['name', 'baseUrl', 'accessKeyId', 'secret', 'customerId', 'notes'].includes(field)) mapped[field] = message;
  }
  return mapped;
}
