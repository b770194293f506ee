import { describe, expect, it, vi } from 'vitest';
import { createAccountHealthTracker } from './health.ts';

describe('account health', () => {
  it('is reachable on an answer below 500 and unreachable without an answer or on 5xx, keeping both times', () => {
    let t = Date.parse('2026-11-23T10:00:00Z');
    const onChange = vi.fn();
    const health = createAccountHealthTracker({ now: () => new Date(t), onChange });
    health.record('a', {
      operationId: 'getService',
      method: 'GET',
      path: '/x',
      status: 404,
      durationMs: 3,
      attempt: 1,
    });
    expect(health.snapshot().a).toMatchObject({
      state: 'reachable',
      lastSuccessAt: '2026-11-23T10:00:00.000Z',
      lastFailureAt: null,
    });
    t += 60_000;
    health.record('a', {
      operationId: 'getService',
      method: 'GET',
      path: '/x',
      durationMs: 3,
      attempt: 1,
      code: 'Network.ConnectionFailed',
    });
    expect(health.snapshot().a).toEqual({
      state: 'unreachable',
      lastSuccessAt: '2026-11-23T10:00:00.000Z',
      lastFailureAt: '2026-11-23T10:01:00.000Z',
      lastFailure: 'No answer from the gateway (ConnectionFailed).',
    });
    health.record('a', {
      operationId: 'getService',
      method: 'GET',
      path: '/x',
      status: 503,
      durationMs: 3,
      attempt: 2,
      code: 'Service.Unavailable',
    });
    expect(health.snapshot().a?.lastFailure).toBe('The gateway answered 503 Service.Unavailable.');
    expect(onChange.mock.calls.map(([, h]) => h.state)).toEqual(['reachable', 'unreachable', 'unreachable']);
    health.reset('a');
    expect(health.snapshot().a).toBeUndefined();
  });
});
