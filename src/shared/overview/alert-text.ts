// The words of a departure, as alerts, the CLI and the screen say it:
// "Acme Retail · shop.acme-retail.example: requests −62 % vs usual (z −8.1)".
import { attentionMetricLabels, type AttentionMetric } from './attention.ts';

const MINUS = '\u2212';

function signed(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  return `${value < 0 && Number(text) !== 0 ? MINUS : '+'}${text}`;
}

/** "requests −62 % vs usual (z −8.1)"; offload in ratio points ("origin offload −12 points vs usual …"). */
export function departureText(metric: Pick<AttentionMetric, 'metric' | 'change' | 'z' | 'direction'>): string {
  const label = attentionMetricLabels[metric.metric];
  const z = metric.z === null ? '' : ` (z ${signed(metric.z, 1)})`;
  if (metric.change === null)
    return `${label} ${metric.direction === 'down' ? 'down' : 'up'} from about none vs usual${z}`;
  if (metric.metric === 'offload') return `${label} ${signed(metric.change * 100, 1)} points vs usual${z}`;
  return `${label} ${signed(Math.round(metric.change * 100), 0)} % vs usual${z}`;
}

export function alertText(
  accountName: string,
  serviceName: string,
  metric: Pick<AttentionMetric, 'metric' | 'change' | 'z' | 'direction'>,
): string {
  return `${accountName} · ${serviceName}: ${departureText(metric)}`;
}

/**
 * An alert as a desktop notification (the desktop app's OS notification and the browser host's
 * Web Notification say the same): title the customer, body the service and what changed.
 */
export function alertNotificationText(alert: { accountName: string; text: string }): { title: string; body: string } {
  const prefix = `${alert.accountName} · `;
  const body = alert.text.startsWith(prefix) ? alert.text.slice(prefix.length) : alert.text;
  return { title: `${alert.accountName}: traffic needs attention`, body };
}
