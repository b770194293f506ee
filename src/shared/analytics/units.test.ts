import { describe, expect, it } from 'vitest';
import {
  formatBitsPerSecond,
  formatBytes,
  formatChange,
  formatCount,
  formatCountShort,
  formatMetricValue,
  formatRequestRate,
  toPerSecond,
} from './units.ts';

describe('units', () => {
  it('formats bytes from B to TB with decimal prefixes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1536)).toBe('1.54 KB');
    expect(formatBytes(2_500_000)).toBe('2.5 MB');
    expect(formatBytes(3e9)).toBe('3 GB');
    expect(formatBytes(4.2e12)).toBe('4.2 TB');
    expect(formatBytes(5e15)).toBe('5,000 TB');
  });
  it('formats bandwidth from bps to Gbps', () => {
    expect(formatBitsPerSecond(12.5)).toBe('12.5 bps');
    expect(formatBitsPerSecond(1_000)).toBe('1 Kbps');
    expect(formatBitsPerSecond(2_345_678)).toBe('2.35 Mbps');
    expect(formatBitsPerSecond(7.5e9)).toBe('7.5 Gbps');
    expect(formatBitsPerSecond(2e12)).toBe('2,000 Gbps');
  });
  it('formats counts, rates and changes', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCountShort(1234567)).toBe('1.23M');
    expect(formatRequestRate(toPerSecond(300))).toBe('1 req/s');
    expect(formatRequestRate(1234.4)).toBe('1,234 req/s');
    expect(formatChange(0.125)).toBe('+12.5%');
    expect(formatChange(-0.03)).toBe('−3.0%');
    expect(formatChange(null)).toBe('—');
    expect(formatMetricValue('requests', 42)).toBe('42');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});
