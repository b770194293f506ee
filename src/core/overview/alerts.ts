// Alerts of the watched services (<dataDir>/overview-alerts.json): a service that newly needs
// attention (its last verdict was not "attention") raises one alert — not again while it stays so,
// not within QUIET_PERIOD_MS of its previous alert, and not while snoozed. A verdict of "no data" or
// "not enough history" leaves the last one standing, so a missed refresh does not re-raise an alert.
// Keeps the history (newest first, bounded), the snoozes and each service's last verdict.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { createJsonDocument, type JsonDocumentOptions } from '../storage/json-document.ts';
import { HOUR_MS } from '#shared/analytics/model.ts';
import { alertSchema, type OverviewAlert, type ServiceDigest } from '#shared/overview/schemas.ts';
import { strongestDeparture } from '#shared/overview/attention.ts';
import { alertText } from '#shared/overview/alert-text.ts';
import { dayShown } from '#shared/overview/digest.ts';
import { ALERT_HISTORY_LIMIT } from '#shared/ipc/channels/overview.ts';

export const ALERTS_FILE = 'overview-alerts.json';
/** No second alert for the same service within this time of the previous one. */
export const QUIET_PERIOD_MS = 6 * HOUR_MS;

const alertsFileSchema = z.object({
  version: z.literal(1),
  alerts: z.array(alertSchema),
  /** "<accountId>\n<serviceId>" → snoozed until (epoch ms). */
  snoozes: z.record(z.string(), z.number()),
  /** "<accountId>\n<serviceId>" → the last verdict with one, and the last alert's time. */
  states: z.record(z.string(), z.object({ attention: z.boolean(), lastAlertAt: z.number().optional() })),
});
type AlertsFile = z.infer<typeof alertsFileSchema>;

const keyOf = (accountId: string, serviceId: number): string => `${accountId}\n${serviceId}`;

export type AlertKeeperOptions = {
  dataDir: string;
  now(): Date;
} & Pick<JsonDocumentOptions<typeof alertsFileSchema>, 'corruptWarning' | 'onWarning'>;

export function createAlertKeeper(options: AlertKeeperOptions) {
  const document = createJsonDocument({
    path: join(options.dataDir, ALERTS_FILE),
    schema: alertsFileSchema,
    empty: (): AlertsFile => ({ version: 1, alerts: [], snoozes: {}, states: {} }),
    now: options.now,
    corruptWarning: options.corruptWarning,
    onWarning: options.onWarning,
  });
  const nowMs = (): number => options.now().getTime();

  return {
    async list(limit = ALERT_HISTORY_LIMIT): Promise<OverviewAlert[]> {
      return (await document.read()).alerts.slice(0, limit);
    },

    /** Snooze end per "<accountId>\n<serviceId>" (expired ones left out). */
    async snoozes(): Promise<Map<string, number>> {
      const now = nowMs();
      return new Map(Object.entries((await document.read()).snoozes).filter(([, until]) => until > now));
    },

    snoozeKey: keyOf,

    async snooze(accountId: string, serviceId: number, hours: number): Promise<number> {
      const until = nowMs() + hours * HOUR_MS;
      await document.update((file) => {
        const now = nowMs();
        for (const [key, end] of Object.entries(file.snoozes)) if (end <= now) delete file.snoozes[key];
        file.snoozes[keyOf(accountId, serviceId)] = until;
      });
      return until;
    },

    async unsnooze(accountId: string, serviceId: number): Promise<void> {
      await document.update((file, control) => {
        const key = keyOf(accountId, serviceId);
        if (!(key in file.snoozes)) return control.skipWrite();
        delete file.snoozes[key];
      });
    },

    /**
     * Compares an account's new rows with the last verdicts and returns the alerts they raise
     * (already stored; the caller announces them).
     */
    async evaluate(
      account: { id: string; name: string },
      end: number,
      services: readonly ServiceDigest[],
    ): Promise<OverviewAlert[]> {
      return document.update((file, control) => {
        const now = nowMs();
        const raised: OverviewAlert[] = [];
        let changed = false;
        for (const service of services) {
          const { status } = service.attention;
          if (status !== 'attention' && status !== 'ok') continue;
          const key = keyOf(account.id, service.serviceId);
          const state = file.states[key];
          const needs = status === 'attention';
          let lastAlertAt = state?.lastAlertAt;
          if (needs && !state?.attention) {
            const snoozed = (file.snoozes[key] ?? 0) > now;
            const quiet = lastAlertAt !== undefined && now - lastAlertAt < QUIET_PERIOD_MS;
            const metric = strongestDeparture(service.attention);
            if (!snoozed && !quiet && metric && metric.z !== null && metric.direction !== null) {
              raised.push({
                id: randomUUID(),
                at: now,
                accountId: account.id,
                accountName: account.name,
                serviceId: service.serviceId,
                serviceName: service.serviceName,
                metric: metric.metric,
                direction: metric.direction,
                change: metric.change,
                z: metric.z,
                value: metric.value,
                usual: metric.usual,
                window: service.attention.window,
                range: dayShown(end),
                text: alertText(account.name, service.serviceName, metric),
              });
              lastAlertAt = now;
            }
          }
          if (state?.attention !== needs || state.lastAlertAt !== lastAlertAt) {
            file.states[key] = { attention: needs, ...(lastAlertAt === undefined ? {} : { lastAlertAt }) };
            changed = true;
          }
        }
        if (raised.length > 0) file.alerts = [...raised.reverse(), ...file.alerts].slice(0, ALERT_HISTORY_LIMIT);
        if (!changed && raised.length === 0) control.skipWrite();
        return raised;
      });
    },

    /** Forgets the verdicts and snoozes of accounts not listed (removed since). */
    async retainAccounts(accountIds: readonly string[]): Promise<void> {
      const keep = new Set(accountIds);
      await document.update((file, control) => {
        let changed = false;
        for (const map of [file.snoozes, file.states]) {
          for (const key of Object.keys(map)) {
            if (keep.has(key.split('\n')[0])) continue;
            delete map[key];
            changed = true;
          }
        }
        if (!changed) control.skipWrite();
      });
    },
  };
}

export type AlertKeeper = ReturnType<typeof createAlertKeeper>;
