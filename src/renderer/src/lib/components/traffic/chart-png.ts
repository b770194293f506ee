// A chart as a PNG that stands on its own: title (metric), the account, range and time zone,
// the chart, and its legend, drawn on the theme's surface. The same facts are written into the
// file as iTXt text chunks (Title, Description; see png-text.ts), so they can be read without
// looking at it.

export interface PngCaption {
  title: string;
  /** "Account: …", "Range: …", "Time zone: …". */
  lines: string[];
  legend: { label: string; color: string; dashed?: boolean }[];
}

export interface PngColors {
  surface: string;
  text: string;
  muted: string;
}

import { formatInstant, type ZoneChoice } from '../../state/time-format.ts';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Draws caption, chart and legend onto a new canvas at the chart canvas's pixel ratio. */
export function composeChartPng(chart: HTMLCanvasElement, caption: PngCaption, colors: PngColors): string {
  const scale = chart.clientWidth > 0 ? chart.width / chart.clientWidth : 1;
  const width = chart.width;
  const pad = Math.round(16 * scale);
  const titleSize = Math.round(16 * scale);
  const lineSize = Math.round(12 * scale);
  const lineGap = Math.round(17 * scale);
  const swatch = Math.round(10 * scale);

  const measure = document.createElement('canvas').getContext('2d');
  // Legend items flow in rows like the on-screen legend.
  const rows: { label: string; color: string; dashed?: boolean; x: number }[][] = [[]];
  let x = pad;
  if (measure) measure.font = `${lineSize}px ${FONT}`;
  for (const item of caption.legend) {
    const itemWidth =
      swatch +
      Math.round(6 * scale) +
      (measure?.measureText(item.label).width ?? item.label.length * lineSize * 0.6) +
      Math.round(16 * scale);
    if (x + itemWidth > width - pad && rows[rows.length - 1]!.length > 0) {
      rows.push([]);
      x = pad;
    }
    rows[rows.length - 1]!.push({ ...item, x });
    x += itemWidth;
  }
  const legendRows = caption.legend.length === 0 ? 0 : rows.length;
  const headerHeight = pad + titleSize + Math.round(8 * scale) + caption.lines.length * lineGap;
  const height =
    headerHeight + Math.round(8 * scale) + chart.height + Math.round(10 * scale) + legendRows * lineGap + pad;

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return chart.toDataURL('image/png');
  ctx.fillStyle = colors.surface;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'top';
  ctx.fillStyle = colors.text;
  ctx.font = `600 ${titleSize}px ${FONT}`;
  ctx.fillText(caption.title, pad, pad);
  ctx.font = `${lineSize}px ${FONT}`;
  ctx.fillStyle = colors.muted;
  caption.lines.forEach((line, i) => ctx.fillText(line, pad, pad + titleSize + Math.round(8 * scale) + i * lineGap));
  const chartTop = headerHeight + Math.round(8 * scale);
  ctx.drawImage(chart, 0, chartTop);
  let rowTop = chartTop + chart.height + Math.round(10 * scale);
  ctx.fillStyle = colors.text;
  for (const row of legendRows > 0 ? rows : []) {
    for (const item of row) {
      if (item.dashed) {
        ctx.strokeStyle = item.color;
        ctx.lineWidth = Math.max(1, Math.round(2 * scale));
        ctx.setLineDash([Math.round(4 * scale), Math.round(3 * scale)]);
        ctx.beginPath();
        ctx.moveTo(item.x, rowTop + swatch / 2);
        ctx.lineTo(item.x + swatch, rowTop + swatch / 2);
        ctx.stroke();
        ctx.setLineDash([]);
      } else {
        ctx.fillStyle = item.color;
        ctx.fillRect(item.x, rowTop, swatch, swatch);
      }
      ctx.fillStyle = colors.text;
      ctx.fillText(item.label, item.x + swatch + Math.round(6 * scale), rowTop - Math.round(1 * scale));
    }
    rowTop += lineGap;
  }
  return canvas.toDataURL('image/png');
}

/** The caption under a PNG's title: which account, which range, in which time zone. */
export function captionLines(
  account: string | undefined,
  range: { from: number; to: number },
  zone: ZoneChoice,
): string[] {
  const zoneName = zone === 'utc' ? 'UTC' : `local time (${Intl.DateTimeFormat().resolvedOptions().timeZone})`;
  return [
    `Account: ${account ?? 'not recorded'}`,
    `Range: ${formatInstant(range.from, zone)} – ${formatInstant(range.to, zone)}`,
    `Time zone: ${zoneName}`,
  ];
}
