// Change impact on traffic, in the core: which applied journal changes fall on a chart (markers),
// and the impact line of each applied change, computed from the analytics cache. By default only
// the cache answers (works offline, costs no API call); with `fetchMissing` the hours the cache
// lacks are fetched first through the analytics service (background priority, inside the key's
// request budget). The statistic itself is pure: src/shared/analytics/impact.ts.
import {
  computeImpact,
  impactDataRange,
  impactMetricIds,
  impactMetricLabels,
  type CoveredSeries,
  type ImpactLine,
} from '#shared/analytics/impact.ts';
import { finalUntil } from '#shared/analytics/ranges.ts';
import type { Metric } from '#shared/analytics/model.ts';
import type { ChangeMarker } from '#shared/ipc/channels/impact.ts';
import { changedFieldsText } from '#shared/api/field-diff.ts';
import { operationFacts } from '#shared/api/operation-facts.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';
import type { AnalyticsService } from '../analytics/service.ts';
import type { Journal } from '../journal/journal.ts';
import type { KnownService } from '../journal/journal-filter.ts';

/** The metrics an impact line reads, at 5-minute resolution. */
const impactSourceMetrics = ['requests', 'originRequests', 'bandwidth'] as const satisfies readonly Metric[];

export interface ImpactServiceDeps {
  journal: Pick<Journal, 'list'>;
  analytics: Pick<AnalyticsService, 'cache' | 'fetch'>;
  /** Services the app knows by name for these accounts (inventory, then services created here). */
  knownServices(accountIds: readonly string[], entries: readonly JournalEntry[]): Promise<KnownService[]>;
  now(): Date;
}

interface ImpactLinesResult {
  lines: ImpactLine[];
  calls: number;
  offline: boolean;
}

export interface ImpactService {
  markers(query: {
    accountId: string;
    serviceNames: readonly string[];
    from: number;
    to: number;
  }): Promise<ChangeMarker[]>;
  lines(query: { entryIds: readonly string[]; hours: number; fetchMissing: boolean }): Promise<ImpactLinesResult>;
  exportLines(query: {
    accountId?: string;
    hours: number;
    format: 'csv' | 'json';
  }): Promise<{ suggestedName: string; mimeType: string; content: string }>;
}

/** The batch an entry belongs to (bulk changes record one); absent otherwise. */
function batchIdOf(entry: JournalEntry): string | undefined {
  return entry.batchId === undefined || entry.batchId === '' ? undefined : entry.batchId;
}

const serviceKey = (accountId: string, serviceId: number): string => `${accountId}:${serviceId}`;

function nameMap(known: readonly KnownService[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of known)
    if (!out.has(serviceKey(s.accountId, s.serviceId))) out.set(serviceKey(s.accountId, s.serviceId), s.domainName);
  return out;
}

const isApplied = (entry: JournalEntry): entry is JournalEntry & { serviceId: number } =>
  entry.result.ok === true && entry.serviceId !== null;

export function createImpactService(deps: ImpactServiceDeps): ImpactService {
  /** Cache entries read once per call: changes to the same service share them. */
  async function seriesReader(): Promise<
    (accountId: string, serviceName: string, metric: Metric) => Promise<CoveredSeries>
  > {
    const read = new Map<string, Promise<CoveredSeries>>();
    return (accountId, serviceName, metric) => {
      const key = `${accountId}\u0000${serviceName}\u0000${metric}`;
      let pending = read.get(key);
      if (!pending) {
        pending = deps.analytics.cache
          .read({ accountId, serviceName, metric, interval: 'minute' })
          .then((entry) => ({ points: entry?.points ?? [], final: entry?.final ?? [] }));
        read.set(key, pending);
      }
      return pending;
    };
  }

  async function computeAll(
    entries: readonly JournalEntry[],
    hours: number,
    fetchMissing: boolean,
  ): Promise<ImpactLinesResult> {
    const all = await deps.journal.list();
    const accountIds = [...new Set(entries.map((e) => e.accountId))];
    const names = nameMap(await deps.knownServices(accountIds, all));
    const applied = all.filter(isApplied);
    let reader = await seriesReader();
    let calls = 0;
    let offline = false;

    const lineOf = async (entry: JournalEntry): Promise<ImpactLine> => {
      const changeAt = Date.parse(entry.at);
      const serviceName =
        entry.serviceId === null ? null : (names.get(serviceKey(entry.accountId, entry.serviceId)) ?? null);
      const [requests, originRequests, bandwidth] =
        serviceName === null
          ? [
              { points: [], final: [] },
              { points: [], final: [] },
              { points: [], final: [] },
            ]
          : await Promise.all(impactSourceMetrics.map((metric) => reader(entry.accountId, serviceName, metric)));
      const line = computeImpact({
        entryId: entry.id,
        changeAt,
        hours,
        serviceName,
        settledUntil: finalUntil('minute', deps.now().getTime()),
        requests,
        originRequests,
        bandwidth,
      });
      // Other changes to the same service inside the compared hours share whatever shift there is.
      line.overlapping = applied.filter(
        (other) =>
          other.id !== entry.id &&
          other.accountId === entry.accountId &&
          other.serviceId === entry.serviceId &&
          Date.parse(other.at) >= line.windows.before.from &&
          Date.parse(other.at) < line.windows.after.to,
      ).length;
      return line;
    };

    let lines = await Promise.all(entries.map(lineOf));
    if (fetchMissing) {
      const wanted = lines.filter((l) => l.serviceName !== null && l.status !== 'pending' && l.missing.length > 0);
      let fetched = false;
      for (const line of wanted) {
        const entry = entries.find((e) => e.id === line.entryId);
        if (!entry || line.serviceName === null) continue;
        const range = impactDataRange(line.changeAt, hours);
        try {
          const result = await deps.analytics.fetch({
            accountId: entry.accountId,
            serviceNames: [line.serviceName],
            metrics: [...impactSourceMetrics],
            from: range.from,
            to: range.to,
            interval: 'minute',
            comparePrevious: false,
            cacheOnly: false,
          });
          calls += result.calls;
          fetched = true;
          if (result.offline) {
            offline = true;
            break;
          }
        } catch {
          // No network or no credentials, and nothing saved: the cache's answer stands.
          offline = true;
          break;
        }
      }
      if (fetched) {
        reader = await seriesReader();
        lines = await Promise.all(entries.map(lineOf));
      }
    }
    return { lines, calls, offline };
  }

  return {
    async markers({ accountId, serviceNames, from, to }) {
      const entries = (await deps.journal.list({ accountId })).filter(isApplied);
      const names = nameMap(await deps.knownServices([accountId], entries));
      const shown = new Map(serviceNames.map((name) => [name.toLowerCase().replace(/\.$/, ''), name]));
      const markers: ChangeMarker[] = [];
      for (const entry of entries) {
        const at = Date.parse(entry.at);
        if (!(at >= from && at < to)) continue;
        const domain = names.get(serviceKey(entry.accountId, entry.serviceId));
        const serviceName = domain === undefined ? undefined : shown.get(domain.toLowerCase().replace(/\.$/, ''));
        if (serviceName === undefined) continue;
        const batchId = batchIdOf(entry);
        // A CORS set or rate limit journaled without a "before": the API could not say what it was.
        const facts = operationFacts[entry.operationId];
        const detail = changedFieldsText(entry.before, entry.after, {
          beforeUnknown: facts.changesState && facts.readBack.from === 'journal',
        });
        markers.push({
          entryId: entry.id,
          accountId: entry.accountId,
          at,
          serviceName,
          serviceId: entry.serviceId,
          operationId: entry.operationId,
          summary: entry.summary,
          ...(detail === undefined ? {} : { detail }),
          ...(batchId === undefined ? {} : { batchId }),
        });
      }
      return markers.sort((a, b) => a.at - b.at);
    },

    async lines({ entryIds, hours, fetchMissing }) {
      const all = await deps.journal.list();
      const wanted = new Set(entryIds);
      // Only applied changes to a service have an impact; others are left out of the answer.
      return computeAll(
        all.filter((e) => wanted.has(e.id) && isApplied(e)),
        hours,
        fetchMissing,
      );
    },

    async exportLines({ accountId, hours, format }) {
      const entries = (await deps.journal.list(accountId === undefined ? {} : { accountId })).filter(isApplied);
      const { lines } = await computeAll(entries, hours, false);
      const stamp = deps.now().toISOString().slice(0, 16).replace(/[:T]/g, '-');
      if (format === 'json') {
        const rows = lines.map((line) => {
          const entry = entries.find((e) => e.id === line.entryId);
          return {
            ...line,
            accountName: entry?.accountName,
            serviceId: entry?.serviceId,
            summary: entry?.summary,
            batchId: entry ? batchIdOf(entry) : undefined,
          };
        });
        return {
          suggestedName: `change-impact-${stamp}.json`,
          mimeType: 'application/json',
          content: `${JSON.stringify({ kind: 'accel-change-impact', version: 1, hours, generatedAt: deps.now().toISOString(), lines: rows }, null, 2)}\n`,
        };
      }
      return { suggestedName: `change-impact-${stamp}.csv`, mimeType: 'text/csv', content: impactCsv(lines, entries) };
    },
  };
}

const csvCell = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** One row per applied change; per metric its before / after / week-earlier figures, change, usual change, z and flag. */
function impactCsv(lines: readonly ImpactLine[], entries: readonly JournalEntry[]): string {
  const metricColumns = impactMetricIds.flatMap((m) => {
    const label = impactMetricLabels[m];
    return [
      `${label} before`,
      `${label} after`,
      `${label} week earlier`,
      `${label} change`,
      `${label} change vs week earlier`,
      `${label} usual change`,
      `${label} z`,
      `${label} flagged`,
    ];
  });
  const header = [
    'Entry ID',
    'Applied at',
    'Account',
    'Service ID',
    'Service',
    'Change',
    'Batch',
    'Hours',
    'Status',
    'Reason',
    'Shift flagged',
    'Reference days',
    'Other changes in the hours',
    ...metricColumns,
  ];
  const rows = lines.map((line) => {
    const entry = entries.find((e) => e.id === line.entryId);
    const cells: Array<string | number | boolean | null | undefined> = [
      line.entryId,
      new Date(line.changeAt).toISOString(),
      entry?.accountName,
      entry?.serviceId,
      line.serviceName,
      entry?.summary,
      entry ? batchIdOf(entry) : undefined,
      line.hours,
      line.status,
      line.reason,
      line.flagged,
      line.referenceDays,
      line.overlapping,
    ];
    for (const id of impactMetricIds) {
      const m = line.metrics.find((x) => x.metric === id);
      cells.push(
        m?.before,
        m?.after,
        m?.weekEarlier,
        m?.change,
        m?.changeVsWeekEarlier,
        m?.usualChange,
        m?.z === null || m?.z === undefined ? null : Number(m.z.toFixed(2)),
        m?.flagged,
      );
    }
    return cells.map(csvCell).join(',');
  });
  return `${[header.map(csvCell).join(','), ...rows].join('\r\n')}\r\n`;
}
