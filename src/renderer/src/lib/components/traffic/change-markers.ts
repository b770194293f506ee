// Where the journal's changes go on a chart: one marker per change, and changes closer together
// than a marker's width share one marker (with their count), so a busy day does not clutter a
// 1024-pixel-wide chart.
import type { ChangeMarker } from '#shared/ipc/channels/impact.ts';
import { operationFacts } from '#shared/api/operation-facts.ts';
import { formatInstant, type ZoneChoice } from '../../state/time-format.ts';

export type { ChangeMarker };

export interface PlacedMarkers {
  /** Stable while the group's changes stay the same. */
  key: string;
  /** Pixel position on the chart's canvas (the mean of the members'). */
  x: number;
  markers: ChangeMarker[];
}

/** Marker buttons are 24 px wide (WCAG 2.2 target size); closer ones merge. */
export const MARKER_MIN_GAP_PX = 26;

/**
 * Groups the markers that fall in view (xOf returns null outside the plotted range) so that
 * group centres are at least `minGap` apart. Markers are taken in time order.
 */
export function placeMarkers(
  markers: readonly ChangeMarker[],
  xOf: (at: number) => number | null,
  minGap = MARKER_MIN_GAP_PX,
): PlacedMarkers[] {
  const groups: Array<{ xs: number[]; markers: ChangeMarker[] }> = [];
  for (const marker of [...markers].sort((a, b) => a.at - b.at)) {
    const x = xOf(marker.at);
    if (x === null) continue;
    const last = groups.at(-1);
    if (last && x - last.xs[0] < minGap) {
      last.xs.push(x);
      last.markers.push(marker);
    } else groups.push({ xs: [x], markers: [marker] });
  }
  return groups.map((g) => ({
    key: g.markers.map((m) => m.entryId).join(','),
    x: g.xs.reduce((a, b) => a + b, 0) / g.xs.length,
    markers: g.markers,
  }));
}

/** What changed, where, when and in which batch: one line for tooltips and accessible names. */
export function describeMarker(marker: ChangeMarker, zone: ZoneChoice): string {
  const batch = marker.batchId === undefined ? '' : ` — batch ${marker.batchId}`;
  const detail = marker.detail === undefined ? '' : ` — ${marker.detail}`;
  return `${formatInstant(marker.at, zone)} — ${marker.serviceName}: ${marker.summary} (${operationFacts[marker.operationId].label})${detail}${batch}`;
}
