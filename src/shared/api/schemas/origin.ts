import { z } from 'zod';
import { isHeaderName, isOriginUrl } from '../formats.ts';
import { requiredText, text } from './common.ts';
import { s3CredentialResponseSchema, s3CredentialSchema } from './s3-credential.ts';

/** One origin server; the array order is priority (first primary, then fallbacks). */
export const originSchema = z.object(
  {
    originUrl: requiredText('Origin URL')
      .refine(isOriginUrl, {
        message:
          'Origin URL must look like [http[s]://]hostname[:port][/path/prefix], for example https://origin.example.com:8443/static.',
      })
      .describe(
        '[http[s]://]hostname[:port][/path/prefix]; a given scheme is forced for all origin requests, without one the client protocol is used.',
      ),
    sni: text('SNI')
      .regex(/^\S+$/, { error: 'SNI must be a host name without spaces.' })
      .describe('SNI sent in the TLS handshake with the origin.')
      .optional(),
    headers: z
      .record(
        text('Origin header name').refine(isHeaderName, {
          message: "Origin header names may only contain letters, digits and !#$%&'*+-.^_`|~.",
        }),
        text('Origin header value'),
        { error: 'Origin headers must be a map of header name to text value.' },
      )
      .optional(),
    s3Credential: s3CredentialSchema.optional(),
  },
  {
    error: (iss) =>
      iss.input === null || iss.input === undefined
        ? 'Origin is empty; fill it in or remove it.'
        : 'Origin must be an object.',
  },
);
export type Origin = z.input<typeof originSchema>;

export const originResponseSchema = z.looseObject({
  originUrl: z.string(),
  sni: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  s3Credential: s3CredentialResponseSchema.optional(),
});
