import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_WARNING_MS, createClockEstimator } from './clock-estimator.ts';

const at = (ms: number) => new Date(ms).toUTCString();

describe('clock estimator', () => {
  it('ignores differences within the Date header resolution and answers without a date', () => {
    const clock = createClockEstimator();
    expect(clock.observe(at(1_000_000), 1_000_000, 1_000_200)).toBe(false);
    expect(clock.observe(undefined, 0, 0)).toBe(false);
    expect(clock.observe('not a date', 0, 0)).toBe(false);
    expect(clock.offsetMs()).toBe(0);
  });

  it('estimates the offset from the round trip midpoint and warns beyond the threshold', () => {
    const warnings: number[] = [];
    const clock = createClockEstimator((offset) => warnings.push(offset));
    const local = 1_700_000_000_000;
    expect(clock.observe(at(local + 60_000), local, local + 1_000)).toBe(true);
    expect(clock.offsetMs()).toBe(60_000);
    expect(warnings).toEqual([]);
    expect(clock.observe(at(local + 2 * CLOCK_SKEW_WARNING_MS), local, local)).toBe(true);
    expect(warnings).toEqual([2 * CLOCK_SKEW_WARNING_MS + 500]);
  });

  it('survives a throwing listener', () => {
    const clock = createClockEstimator(() => {
      throw new Error('listener broke');
    });
    expect(clock.observe(at(10 * CLOCK_SKEW_WARNING_MS), 0, 0)).toBe(true);
  });
});
