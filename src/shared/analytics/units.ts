// Human units for axes, tooltips and summary cards. Decimal prefixes (1 KB = 1000 B), as
// traffic is billed; the largest unit is TB for volume and Gbps for bandwidth.
import { FIVE_MINUTES_MS, type Metric } from './model.ts';

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const bitUnits = ['bps', 'Kbps', 'Mbps', 'Gbps'] as const;

// Building an Intl.NumberFormat costs far more than formatting with one, and axes format
// every tick of every chart: one formatter per locale and options, kept.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? 'en-US'}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale ?? 'en-US', options);
    numberFormats.set(key, format);
  }
  return format;
}

export interface FormatOptions {
  /** Significant fraction digits for scaled values (default 2; whole numbers of the base unit get none). */
  digits?: number;
  locale?: string;
}

function scaled(value: number, units: readonly string[], options: FormatOptions): string {
  const digits = options.digits ?? 2;
  if (!Number.isFinite(value)) return '—';
  let index = 0;
  let n = Math.abs(value);
  while (n >= 1000 && index < units.length - 1) {
    n /= 1000;
    index++;
  }
  const signed = value < 0 ? -n : n;
  const text = numberFormat(options.locale, {
    maximumFractionDigits: index === 0 ? (Number.isInteger(signed) ? 0 : digits) : digits,
    minimumFractionDigits: 0,
  }).format(signed);
  return `${text} ${units[index]}`;
}

/** 1536 → "1.54 KB". */
export function formatBytes(bytes: number, options: FormatOptions = {}): string {
  return scaled(bytes, byteUnits, options);
}

/** 2_500_000 → "2.5 Mbps". */
export function formatBitsPerSecond(bps: number, options: FormatOptions = {}): string {
  return scaled(bps, bitUnits, options);
}

/** Exact count with grouping: 1234567 → "1,234,567". */
export function formatCount(count: number, options: FormatOptions = {}): string {
  if (!Number.isFinite(count)) return '—';
  return numberFormat(options.locale, { maximumFractionDigits: 0 }).format(count);
}

/** Short count for axes: 1234567 → "1.23M". */
export function formatCountShort(count: number, options: FormatOptions = {}): string {
  if (!Number.isFinite(count)) return '—';
  return numberFormat(options.locale, { notation: 'compact', maximumFractionDigits: options.digits ?? 2 }).format(
    count,
  );
}

/** Requests per second: 12.3456 → "12.35 req/s". */
export function formatRequestRate(perSecond: number, options: FormatOptions = {}): string {
  if (!Number.isFinite(perSecond)) return '—';
  const digits = perSecond >= 100 ? 0 : (options.digits ?? 2);
  return `${numberFormat(options.locale, { maximumFractionDigits: digits }).format(perSecond)} req/s`;
}

/** Count in an interval of `stepMs` as a rate: 300 requests in 5 minutes → 1 req/s. */
export function toPerSecond(count: number, stepMs: number = FIVE_MINUTES_MS): number {
  return count / (stepMs / 1000);
}

/** Formats one value of a metric for axes and tooltips. */
export function formatMetricValue(metric: Metric, value: number, options: FormatOptions = {}): string {
  switch (metric) {
    case 'volume':
      return formatBytes(value, options);
    case 'bandwidth':
      return formatBitsPerSecond(value, options);
    case 'requests':
    case 'originRequests':
      return formatCount(value, options);
  }
}

/** Axis tick label of a metric (compact). */
export function formatMetricTick(metric: Metric, value: number): string {
  switch (metric) {
    case 'volume':
      return formatBytes(value, { digits: 1 });
    case 'bandwidth':
      return formatBitsPerSecond(value, { digits: 1 });
    case 'requests':
    case 'originRequests':
      return formatCountShort(value, { digits: 1 });
  }
}

/** "+12.5%" / "−3.0%" / "—" (no previous data). */
export function formatChange(ratio: number | null): string {
  if (ratio === null || !Number.isFinite(ratio)) return '—';
  const percent = ratio * 100;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${Math.abs(percent).toFixed(1)}%`;
}
