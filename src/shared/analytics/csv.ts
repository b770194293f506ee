// CSV export: one row per timestamp, one column per service and metric (RFC 4180: CRLF line
// ends, fields with a comma, quote or line break quoted, quotes doubled).
import { metricIds, metricInfo, type Series } from './model.ts';

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvRow(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

function columnLabel(series: Pick<Series, 'serviceName' | 'metric' | 'interval'>): string {
  const info = metricInfo[series.metric];
  const per = info.unit === 'bps' ? '' : series.interval === 'day' ? ' per day' : ' per 5 min';
  return `${series.serviceName} ${info.label.toLowerCase()} (${info.csvUnit}${per})`;
}

/**
 * A value as the CSV writes it: bandwidth in whole bits per second (its averages over 5 minutes
 * carry binary-fraction noise such as 103186636.93333334 that means nothing); bytes and request
 * counts as they are, any fraction cut to 3 decimals.
 */
export function csvNumber(unit: 'bytes' | 'bps' | 'count', value: number): string {
  if (!Number.isFinite(value)) return '';
  if (unit === 'bps') return String(Math.round(value));
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
}

/**
 * Builds the CSV text. Columns are ordered by metric (volume, bandwidth, requests, origin
 * requests), then by service in the given order; a cell is empty where a series has no point.
 */
export function seriesToCsv(series: readonly Series[]): string {
  const ordered = [...series].sort((a, b) => metricIds.indexOf(a.metric) - metricIds.indexOf(b.metric));
  const times = new Set<number>();
  const units = ordered.map((s) => metricInfo[s.metric].unit);
  const lookups = ordered.map((s) => {
    const map = new Map<number, number>();
    for (const [t, v] of s.points) {
      map.set(t, v);
      times.add(t);
    }
    return map;
  });
  const lines = [csvRow(['timestamp', ...ordered.map(columnLabel)])];
  for (const t of [...times].sort((a, b) => a - b)) {
    const cells = lookups.map((map, i) => {
      const v = map.get(t);
      return v === undefined ? '' : csvNumber(units[i] ?? 'count', v);
    });
    lines.push(csvRow([new Date(t).toISOString().replace(/\.000Z$/, 'Z'), ...cells]));
  }
  return `${lines.join('\r\n')}\r\n`;
}
