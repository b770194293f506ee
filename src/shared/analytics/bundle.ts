// The statistics bundle: a self-describing JSON file of fetched series that can be reviewed
// offline without an account. A SHA-256 over the canonical form of `content` detects any change
// made after export (it is an integrity check, not a signature). Web Crypto keeps it usable in
// the renderer and in Node alike.
import { AppCode } from '../app-errors.ts';
import { z } from 'zod';
import { intervalSchema, metricSchema, seriesSchema, type Interval, type Metric, type Series } from './model.ts';

const BUNDLE_FORMAT = 'acceleration-console/stats-bundle';
const BUNDLE_SCHEMA_VERSION = 1;

const isoInstant = z.iso.datetime({ offset: false });

export const bundleFailureSchema = z.object({
  serviceName: z.string().optional(),
  metric: metricSchema,
  code: z.string(),
  message: z.string(),
});
export type BundleFailure = z.infer<typeof bundleFailureSchema>;

export const bundleContentSchema = z.strictObject({
  generator: z.string(),
  createdAt: isoInstant,
  /** Label of the account the data came from; never a key or secret. */
  accountLabel: z.string().optional(),
  range: z.strictObject({ from: isoInstant, to: isoInstant }),
  requestedInterval: z.union([intervalSchema, z.literal('auto')]),
  metrics: z.array(metricSchema).min(1),
  services: z.array(z.string().min(1)).min(1),
  /** Time of the newest data when it came from the offline cache; null when fetched live. */
  asOf: isoInstant.nullable(),
  offline: z.boolean(),
  series: z.array(seriesSchema),
  previous: z.array(seriesSchema).optional(),
  failures: z.array(bundleFailureSchema),
});
export type BundleContent = z.infer<typeof bundleContentSchema>;

const bundleSchema = z.strictObject({
  format: z.literal(BUNDLE_FORMAT),
  schemaVersion: z.literal(BUNDLE_SCHEMA_VERSION),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  content: bundleContentSchema,
});
export type StatsBundle = z.infer<typeof bundleSchema>;

/** JSON with object keys sorted at every level and no whitespace: one text per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('canonicalJson: value cannot be represented in JSON');
    return text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface BundleInput {
  generator: string;
  createdAt: number;
  accountLabel?: string;
  range: { from: number; to: number };
  requestedInterval: Interval | 'auto';
  metrics: Metric[];
  services: string[];
  asOf: number | null;
  offline: boolean;
  series: Series[];
  previous?: Series[];
  failures: BundleFailure[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

export async function createBundle(input: BundleInput): Promise<StatsBundle> {
  const content: BundleContent = bundleContentSchema.parse({
    generator: input.generator,
    createdAt: iso(input.createdAt),
    ...(input.accountLabel === undefined ? {} : { accountLabel: input.accountLabel }),
    // A range "up to now" ends with the point still being filled (up to 5 minutes, or a day,
    // ahead): the bundle says what it can hold, nothing after the moment it was made.
    range: {
      from: iso(Math.min(input.range.from, input.createdAt)),
      to: iso(Math.min(input.range.to, input.createdAt)),
    },
    requestedInterval: input.requestedInterval,
    metrics: input.metrics,
    services: input.services,
    asOf: input.asOf === null ? null : iso(input.asOf),
    offline: input.offline,
    series: input.series,
    ...(input.previous === undefined ? {} : { previous: input.previous }),
    failures: input.failures,
  });
  return {
    format: BUNDLE_FORMAT,
    schemaVersion: BUNDLE_SCHEMA_VERSION,
    sha256: await sha256Hex(canonicalJson(content)),
    content,
  };
}

/** Pretty JSON text of a bundle (the hash covers the canonical form, so layout does not matter). */
export function serializeBundle(bundle: StatsBundle): string {
  return `${JSON.stringify(bundle, null, 1)}\n`;
}

type BundleErrorCode = (typeof AppCode.Bundle)[keyof typeof AppCode.Bundle];

export type BundleParseResult =
  { ok: true; bundle: StatsBundle } | { ok: false; code: BundleErrorCode; message: string };

function fail(code: BundleErrorCode, message: string): BundleParseResult {
  return { ok: false, code, message };
}

/**
 * Reads a bundle file's text. Refuses anything that is not JSON, not a bundle, of another
 * schema version, structurally invalid, or whose checksum does not match its content.
 */
export async function parseBundle(text: string): Promise<BundleParseResult> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail(
      AppCode.Bundle.NotJson,
      'This file is not a statistics bundle: it is not valid JSON. Choose a .json file exported from Traffic analytics.',
    );
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== BUNDLE_FORMAT) {
    return fail(
      AppCode.Bundle.NotBundle,
      'This file is not an Acceleration Console statistics bundle. Choose a file exported with "Export bundle".',
    );
  }
  const version = (data as { schemaVersion?: unknown }).schemaVersion;
  if (version !== BUNDLE_SCHEMA_VERSION) {
    return fail(
      AppCode.Bundle.UnsupportedVersion,
      typeof version === 'number' && version > BUNDLE_SCHEMA_VERSION
        ? `This bundle uses schema version ${version}, newer than this version of the app reads (${BUNDLE_SCHEMA_VERSION}). Update the app to open it.`
        : `This bundle has an unknown schema version; this app reads schema version ${BUNDLE_SCHEMA_VERSION}.`,
    );
  }
  const parsed = bundleSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return fail(
      AppCode.Bundle.Invalid,
      `This bundle is damaged or incomplete (${issue.message}${where}). It was not opened.`,
    );
  }
  const expected = await sha256Hex(canonicalJson(parsed.data.content));
  if (expected !== parsed.data.sha256) {
    return fail(
      AppCode.Bundle.Tampered,
      'This bundle was changed after it was exported or is damaged: its checksum does not match its content. It was not opened.',
    );
  }
  for (const series of parsed.data.content.series) {
    for (let i = 1; i < series.points.length; i++) {
      if (series.points[i][0] <= series.points[i - 1][0]) {
        return fail(
          AppCode.Bundle.Invalid,
          `This bundle is damaged: the points of ${series.serviceName} (${series.metric}) are out of order. It was not opened.`,
        );
      }
    }
  }
  return { ok: true, bundle: parsed.data };
}

/** File name suggested for a bundle or CSV export: `traffic-2026-11-01_2026-11-08.json`. */
export function exportFileName(range: { from: number; to: number }, extension: 'json' | 'csv' | 'png'): string {
  const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  return `traffic-${day(range.from)}_${day(range.to - 1)}.${extension}`;
}
