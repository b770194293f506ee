// Statistics files: a verifiable JSON bundle and a CSV of the series a query selects (content for
// host.saveFile), and opening a bundle for offline review without an account.
import { z } from 'zod';
import { defineChannels } from '../define.ts';
import { analyticsQuerySchema } from '../../analytics/query.ts';
import { bundleContentSchema } from '../../analytics/bundle.ts';

/** Largest bundle the app opens (90 days of 5-minute points for 50 services and 4 metrics is ~150 MB). */
const MAX_BUNDLE_CHARS = 256 * 1024 * 1024;

const exportedFileSchema = z.object({
  suggestedName: z.string(),
  mimeType: z.string(),
  content: z.string(),
});

export const statsChannels = defineChannels({
  'stats.exportBundle': {
    input: analyticsQuerySchema,
    output: exportedFileSchema.extend({ sha256: z.string() }),
  },
  'stats.exportCsv': {
    input: analyticsQuerySchema,
    output: exportedFileSchema,
  },
  'stats.openBundle': {
    input: z.strictObject({
      content: z.string().max(MAX_BUNDLE_CHARS, 'The file is too large to be a statistics bundle.'),
    }),
    maxPayloadChars: MAX_BUNDLE_CHARS + 1024,
    output: z.object({ sha256: z.string(), content: bundleContentSchema }),
  },
});
