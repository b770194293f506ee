// @vitest-environment jsdom
// The "vs previous period" card from data as a cancelled fetch leaves it: no percentage from a
// partial period, but which period is incomplete.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import SummaryCards from './SummaryCards.svelte';
import { buildMetricViews } from './traffic-view.ts';
import { DAY_MS, type Point, type Series } from '#shared/analytics/model.ts';

afterEach(() => cleanup());

const t0 = Date.UTC(2026, 7, 1);
const days = (from: number, n: number, value: number): Point[] =>
  Array.from({ length: n }, (_, i): Point => [from + i * DAY_MS, value]);
const range = { from: t0, to: t0 + 90 * DAY_MS };
const now = range.to + 2 * DAY_MS;
const volume = (points: Point[]): Series => ({
  serviceName: 'www.example-shop.com',
  metric: 'volume',
  interval: 'day',
  points,
});

function card(): HTMLElement {
  const label = screen.getByText('vs previous period');
  return label.parentElement!;
}

describe('SummaryCards: vs previous period', () => {
  it('says "Previous period incomplete" instead of a percentage when the previous fetch was cut short', () => {
    // Previous period: only 1 of 90 days arrived before the fetch was cancelled.
    const [view] = buildMetricViews(
      { range, series: [volume(days(t0, 90, 1e9))], previous: [volume(days(t0 - 90 * DAY_MS, 1, 1e9))] },
      now,
    );
    render(SummaryCards, { view: view!, zone: 'local', comparing: true });
    expect(card().textContent).toContain('Previous period incomplete');
    expect(card().textContent).toContain('89 points missing; fetch it again to compare');
    expect(card().textContent).not.toMatch(/%/);
  });

  it('names the current period when it is the incomplete one', () => {
    const [view] = buildMetricViews(
      { range, series: [volume(days(t0, 30, 1e9))], previous: [volume(days(t0 - 90 * DAY_MS, 90, 1e9))] },
      now,
    );
    render(SummaryCards, { view: view!, zone: 'local', comparing: true });
    expect(card().textContent).toContain('This period incomplete');
  });

  it('shows the percentage when both periods are complete', () => {
    const [view] = buildMetricViews(
      { range, series: [volume(days(t0, 90, 2e9))], previous: [volume(days(t0 - 90 * DAY_MS, 90, 1e9))] },
      now,
    );
    render(SummaryCards, { view: view!, zone: 'local', comparing: true });
    expect(card().textContent).toMatch(/\+100(\.0)?\s?%/);
  });

  it('an idle service the API answered for does not make the periods incomplete', () => {
    const idle = (from: number): Series => ({
      serviceName: 'idle.example-shop.com',
      metric: 'volume',
      interval: 'day',
      points: [],
      fetched: [[from, from + 90 * DAY_MS]],
    });
    const www = (from: number, value: number): Series => ({
      ...volume(days(from, 90, value)),
      fetched: [[from, from + 90 * DAY_MS]],
    });
    const [view] = buildMetricViews(
      { range, series: [www(t0, 2e9), idle(t0)], previous: [www(t0 - 90 * DAY_MS, 1e9), idle(t0 - 90 * DAY_MS)] },
      now,
    );
    render(SummaryCards, { view: view!, zone: 'local', comparing: true });
    expect(card().textContent).toMatch(/\+100(\.0)?\s?%/);
  });

  it('a bundle lacking points does not ask to fetch again', () => {
    const [view] = buildMetricViews(
      { range, series: [volume(days(t0, 90, 1e9))], previous: [volume(days(t0 - 90 * DAY_MS, 1, 1e9))] },
      now,
    );
    render(SummaryCards, { view: view!, zone: 'local', comparing: true, fromFile: true });
    expect(card().textContent).toContain('89 points missing; the file lacks them, so no percentage');
    expect(card().textContent).not.toMatch(/fetch/);
  });
});
