import { z } from 'zod';
import { bool, requiredText } from './common.ts';
import { secret } from '../secret-mark.ts';

/** S3Credential of an origin: accessKey, accessSecret, region must be non-empty when present. */
export const s3CredentialSchema = z.object(
  {
    accessKey: requiredText('S3 access key'),
    accessSecret: secret(
      requiredText('S3 access secret').describe(
        'Secret for signing requests to S3-compatible storage; returned as sent. Never logged.',
      ),
    ),
    region: requiredText('S3 region'),
    dropQueryString: bool('Drop query string before signing').optional(),
  },
  { error: 'S3 credential must be an object with accessKey, accessSecret and region.' },
);

/** Response side; accessSecret is returned as sent (a secret: never log it). */
export const s3CredentialResponseSchema = z.looseObject({
  accessKey: z.string().optional(),
  accessSecret: secret(z.string()).optional(),
  region: z.string().optional(),
  dropQueryString: z.boolean().optional(),
});
