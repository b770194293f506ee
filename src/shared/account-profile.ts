// An account's profile fields and their rules: what the account form checks as the user types and
// the accounts channel validates. Apart from the channel's schemas so the form loads without them.
import { z } from 'zod';
import { INSECURE_BASE_URL_MESSAGE, isInsecureBaseUrl } from './api/base-url.ts';

export const accountColors = ['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'teal'] as const;
export const accountColorSchema = z.enum(accountColors);

export const nameSchema = z.string().trim().min(1, 'Enter a name').max(100, 'At most 100 characters');
/** Longest base URL accepted (URLs beyond this are not API endpoints). */
const MAX_BASE_URL_CHARS = 2048;
export const baseUrlSchema = z
  .string()
  .trim()
  .max(MAX_BASE_URL_CHARS, `At most ${MAX_BASE_URL_CHARS} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Enter an http(s) URL, for example https://api.example.net')
  .refine((value) => {
    try {
      return !isInsecureBaseUrl(new URL(value));
    } catch {
      return true;
    }
  }, INSECURE_BASE_URL_MESSAGE)
  // Credentials in a URL would be stored, exported and shown like any profile field.
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'Remove the user name and password from the URL: requests are signed with the access key.');
export const accessKeyIdSchema = z.string().trim().min(1, 'Enter the access key ID').max(200);
export const customerIdSchema = z.coerce
  .number({ error: 'Enter the numeric customer ID' })
  .int('Enter the numeric customer ID')
  .positive('Enter the numeric customer ID');
export const notesSchema = z.string().max(5000, 'At most 5000 characters');
export const accountProfileFields = {
  name: nameSchema,
  baseUrl: baseUrlSchema,
  accessKeyId: accessKeyIdSchema,
  customerId: customerIdSchema,
  /** Omitted: the core picks the least used colour (src/shared/account-colors.ts). */
  color: accountColorSchema.optional(),
  production: z.boolean().default(false),
  notes: notesSchema.default(''),
};
