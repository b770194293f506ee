import { describe, expect, it } from 'vitest';
import { accountColorRotation, nextAccountColor, type AccountColor } from './account-colors.ts';

describe('nextAccountColor', () => {
  it('gives five new accounts five different colours, next to the sandbox (teal)', () => {
    const used: AccountColor[] = ['teal'];
    for (let i = 0; i < 5; i++) used.push(nextAccountColor(used));
    expect(used.slice(1)).toEqual(['blue', 'green', 'yellow', 'orange', 'red']);
    expect(new Set(used).size).toBe(6);
  });

  it('rotates through every colour, gray last, then starts over', () => {
    const used: AccountColor[] = [];
    for (let i = 0; i < accountColorRotation.length + 2; i++) used.push(nextAccountColor(used));
    expect(used.slice(0, accountColorRotation.length)).toEqual([...accountColorRotation]);
    expect(used.at(-3)).toBe('gray');
    expect(used.slice(-2)).toEqual(['blue', 'green']);
  });

  it('fills a gap left by a removed or recoloured account first', () => {
    expect(nextAccountColor(['blue', 'green', 'orange', 'blue'])).toBe('yellow');
    expect(nextAccountColor(['blue', 'blue', 'blue'])).toBe('green');
  });
});
