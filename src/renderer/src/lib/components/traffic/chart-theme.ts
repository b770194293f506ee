// Chart colours come from the CSS theme tokens (app.css), so charts follow light and dark themes.
// The first series use the semantic tokens; more series get hues spread around the wheel at the
// lightness of the accent token, which keeps them readable on the theme's surface.

export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  border: string;
  series: (index: number) => string;
}

type Rgb = { r: number; g: number; b: number };

export function parseColor(text: string): Rgb | null {
  const value = text.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) };
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(value);
  if (rgb) return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]) };
  return null;
}

export function withAlpha(color: string, alpha: number): string {
  const rgb = parseColor(color);
  return rgb ? `rgba(${rgb.r}, ${rgb.g}, ${rgb.b}, ${alpha})` : color;
}

function lightnessOf({ r, g, b }: Rgb): number {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  return (max + min) / 2;
}

const pickedHues = [275, 180, 320, 55, 200, 95, 345, 150];

/** Colour of series `index` given the semantic colours and the accent's lightness. */
export function seriesColor(index: number, semantic: readonly string[], lightness: number): string {
  if (index < semantic.length) return semantic[index];
  // Hand-picked hues far from the semantic blue, green, orange and red come next; after them
  // golden-angle steps keep neighbouring series apart however many there are.
  const extra = index - semantic.length;
  const hue = extra < pickedHues.length ? pickedHues[extra] : Math.round((extra * 137.508 + 20) % 360);
  const l = Math.round(Math.min(0.72, Math.max(0.38, lightness)) * 100);
  return `hsl(${hue} 62% ${l}%)`;
}

let cached: { key: string; theme: ChartTheme } | null = null;

/**
 * The chart colours of the current theme. Read once per theme: getComputedStyle after charts
 * changed the DOM would force a style recalculation for every chart.
 */
export function readChartTheme(element: HTMLElement = document.documentElement): ChartTheme {
  const key = element.dataset.theme ?? '';
  if (cached?.key === key) return cached.theme;
  const theme = computeChartTheme(element);
  cached = { key, theme };
  return theme;
}

function computeChartTheme(element: Element): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  const accent = token('--color-accent', '#2557d6');
  const semantic = [
    accent,
    token('--color-success', '#17803d'),
    token('--color-warning', '#a45a00'),
    token('--color-danger', '#c0262d'),
  ];
  const lightness = lightnessOf(parseColor(accent) ?? { r: 37, g: 87, b: 214 });
  return {
    text: token('--color-text', '#1a1d23'),
    muted: token('--color-text-muted', '#5b6472'),
    grid: withAlpha(token('--color-border', '#dcdfe4'), 0.8),
    surface: token('--color-surface', '#ffffff'),
    border: token('--color-border', '#dcdfe4'),
    series: (index) => seriesColor(index, semantic, lightness),
  };
}
