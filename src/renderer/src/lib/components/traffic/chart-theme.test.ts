import { describe, expect, it } from 'vitest';
import { parseColor, seriesColor, withAlpha } from './chart-theme.ts';

describe('chart colours from theme tokens', () => {
  it('parses hex and rgb tokens and adds transparency', () => {
    expect(parseColor('#2557d6')).toEqual({ r: 37, g: 87, b: 214 });
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor('rgb(1 2 3 / 0.5)')).toEqual({ r: 1, g: 2, b: 3 });
    expect(withAlpha('#000000', 0.35)).toBe('rgba(0, 0, 0, 0.35)');
    expect(withAlpha('hsl(1 2% 3%)', 0.5)).toBe('hsl(1 2% 3%)');
  });
  it('uses the semantic tokens first, then distinct hues at a readable lightness', () => {
    const semantic = ['#111111', '#222222'];
    expect(seriesColor(0, semantic, 0.5)).toBe('#111111');
    const many = Array.from({ length: 50 }, (_, i) => seriesColor(i + 2, semantic, 0.9));
    expect(new Set(many).size).toBe(50);
    // A light accent (dark theme) still gives mid-light colours, never near-white.
    expect(many[0]).toMatch(/ 72%\)$/);
  });
});
