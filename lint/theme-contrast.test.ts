// Static check of the renderer's theme: the solid buttons' text against their fill, in both
// themes, read from src/renderer/src/app.css. WCAG AA asks 4.5:1 for text; axe sees a button only
// on a screen the e2e walk opens (a production review's red button was not among them), so the
// theme tokens are checked here for every pair.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(import.meta.dirname, '../src/renderer/src/app.css'), 'utf8');

function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`${selector} not found in app.css`);
  return css.slice(start, css.indexOf('}', start));
}

function declarations(selector: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of block(selector).matchAll(/([\w-]+):\s*([^;]+);/g)) found.set(match[1], match[2].trim());
  return found;
}

const light = declarations(':root');
const dark = new Map([...light, ...declarations(":root[data-theme='dark']")]);

function resolve(value: string, tokens: Map<string, string>): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  if (!reference) return value;
  const token = tokens.get(reference[1]);
  if (token === undefined) throw new Error(`${reference[1]} is not a theme token`);
  return resolve(token, tokens);
}

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`not a hex colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('solid buttons: text against fill', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#f47174')).toBeCloseTo(2.81, 2);
  });

  for (const selector of ['.btn-primary', '.btn-danger-solid']) {
    for (const [theme, tokens] of [
      ['light', light],
      ['dark', dark],
    ] as const) {
      it(`${selector}, ${theme} theme: at least 4.5:1`, () => {
        const rule = declarations(selector);
        const text = resolve(rule.get('color') ?? '', tokens);
        const fill = resolve(rule.get('background') ?? '', tokens);
        expect(contrast(text, fill)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});
