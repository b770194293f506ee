// A chart as a PNG that stands on its own: title (metric), the account, range and time zone,
// the chart, and its legend, drawn on the theme's surface. The same facts are written into the
// file as iTXt text chunks (Title, Description), so they can be read without looking at it.

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

import { formatInstant, type ZoneChoice } from './time-format.ts';

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
    const itemWidth = swatch + Math.round(6 * scale) + (measure?.measureText(item.label).width ?? item.label.length * lineSize * 0.6) + Math.round(16 * scale);
    if (x + itemWidth > width - pad && rows[rows.length - 1]!.length > 0) {
      rows.push([]);
      x = pad;
    }
    rows[rows.length - 1]!.push({ ...item, x });
    x += itemWidth;
  }
  const legendRows = caption.legend.length === 0 ? 0 : rows.length;
  const headerHeight = pad + titleSize + Math.round(8 * scale) + caption.lines.length * lineGap;
  const height = headerHeight + Math.round(8 * scale) + chart.height + Math.round(10 * scale) + legendRows * lineGap + pad;

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

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** An iTXt chunk (UTF-8 text, uncompressed, no language tag). */
function iTxtChunk(keyword: string, text: string): Uint8Array {
  const encoder = new TextEncoder();
  const data = new Uint8Array([...encoder.encode(keyword), 0, 0, 0, 0, 0, ...encoder.encode(text)]);
  const type = encoder.encode('iTXt');
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(type, 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/** The PNG with text chunks added right after its header chunk (IHDR: 8 + 25 bytes). */
export function addPngText(png: Uint8Array, entries: Record<string, string>): Uint8Array {
  const headerEnd = 8 + 25;
  const chunks = Object.entries(entries).map(([keyword, text]) => iTxtChunk(keyword, text));
  const size = chunks.reduce((n, c) => n + c.length, png.length);
  const out = new Uint8Array(size);
  out.set(png.subarray(0, headerEnd), 0);
  let at = headerEnd;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  out.set(png.subarray(headerEnd), at);
  return out;
}

/** The text chunks of a PNG (tests, and anyone checking an exported file). */
export function readPngText(png: Uint8Array): Record<string, string> {
  const decoder = new TextDecoder();
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: Record<string, string> = {};
  let at = 8;
  while (at + 8 <= png.length) {
    const length = view.getUint32(at);
    const type = decoder.decode(png.subarray(at + 4, at + 8));
    if (type === 'iTXt') {
      const data = png.subarray(at + 8, at + 8 + length);
      const nul = data.indexOf(0);
      const keyword = decoder.decode(data.subarray(0, nul));
      // keyword \0 flag method language \0 translated \0 text
      let p = nul + 3;
      p = data.indexOf(0, p) + 1;
      p = data.indexOf(0, p) + 1;
      out[keyword] = decoder.decode(data.subarray(p));
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return out;
}

/** The caption under a PNG's title: which account, which range, in which time zone. */
export function captionLines(account: string | undefined, range: { from: number; to: number }, zone: ZoneChoice): string[] {
  const zoneName = zone === 'utc' ? 'UTC' : `local time (${Intl.DateTimeFormat().resolvedOptions().timeZone})`;
  return [`Account: ${account ?? 'not recorded'}`, `Range: ${formatInstant(range.from, zone)} – ${formatInstant(range.to, zone)}`, `Time zone: ${zoneName}`];
}
