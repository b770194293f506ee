// Fault injection for tests of the client's retry, timeout and error paths. Faults apply per run
// and can be overridden per operationId; a seeded PRNG makes a run's sequence of faults repeatable.
import { isOperationId } from '#shared/api/operations.ts';
import { createPrng, seedFrom } from './prng.ts';

export interface FaultSettings {
  /** Delay added before the request is handled. */
  latencyMs?: number;
  /** Probability (0..1) of answering errorStatus instead of handling the request. */
  errorRate?: number;
  /** 500 (Server.InternalError, default) or 503 (Server.Unavailable). */
  errorStatus?: 500 | 503;
  /** The next N requests (in this scope) answer 429 Request.TooManyRequests with Retry-After: 1. */
  rateLimitBurst?: number;
  /** Probability (0..1) of destroying the connection without an answer. */
  resetRate?: number;
  /** The response body is trickled in chunks over this many milliseconds. */
  slowBodyMs?: number;
}

export interface FaultOptions extends FaultSettings {
  /** Settings for one operation; each field given here replaces the run-wide one. */
  perOperation?: Partial<Record<string, FaultSettings>>;
  /** PRNG seed of the fault sequence (defaults to the sandbox seed). */
  seed?: number | string;
}

type FaultDecision =
  | { kind: 'none' }
  | { kind: 'reset' }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'error'; status: 500 | 503 };

export interface FaultPlan {
  latencyMs: number;
  slowBodyMs: number;
  decision: FaultDecision;
}

/** A typo in a test's fault settings should fail loudly, not silently inject nothing. */
function checkFaultOptions(options: FaultOptions | undefined): void {
  const check = (s: FaultSettings, where: string): void => {
    for (const key of ['errorRate', 'resetRate'] as const) {
      const v = s[key];
      if (v !== undefined && !(v >= 0 && v <= 1)) throw new RangeError(`faults${where}.${key} must be between 0 and 1`);
    }
    if (s.errorStatus !== undefined && s.errorStatus !== 500 && s.errorStatus !== 503) {
      throw new RangeError(`faults${where}.errorStatus must be 500 or 503`);
    }
  };
  if (!options) return;
  check(options, '');
  for (const [id, settings] of Object.entries(options.perOperation ?? {})) {
    if (!isOperationId(id)) throw new RangeError(`faults.perOperation: unknown operationId ${id}`);
    if (settings) check(settings, `.perOperation.${id}`);
  }
}

export class FaultInjector {
  private options: FaultOptions;
  private random: () => number;
  // Remaining 429s per scope ('*' for the run, or the operationId that has its own burst).
  private bursts = new Map<string, number>();

  constructor(options: FaultOptions | undefined, defaultSeed: number) {
    checkFaultOptions(options);
    this.options = options ?? {};
    this.random = createPrng(seedFrom(this.options.seed ?? defaultSeed));
    this.resetBursts();
  }

  /** Replaces the settings (tests switch faults on and off between calls); restarts bursts. */
  configure(options: FaultOptions | undefined, defaultSeed: number): void {
    checkFaultOptions(options);
    this.options = options ?? {};
    this.random = createPrng(seedFrom(this.options.seed ?? defaultSeed));
    this.resetBursts();
  }

  get active(): boolean {
    const o = this.options;
    return Boolean(
      o.latencyMs ||
      o.errorRate ||
      o.rateLimitBurst ||
      o.resetRate ||
      o.slowBodyMs ||
      (o.perOperation && Object.keys(o.perOperation).length > 0),
    );
  }

  private resetBursts(): void {
    this.bursts.clear();
    if (this.options.rateLimitBurst) this.bursts.set('*', this.options.rateLimitBurst);
    for (const [id, settings] of Object.entries(this.options.perOperation ?? {})) {
      if (settings?.rateLimitBurst) this.bursts.set(id, settings.rateLimitBurst);
    }
  }

  /** What to do with one request of `operationId`. */
  plan(operationId: string): FaultPlan {
    const own = this.options.perOperation?.[operationId];
    const s: FaultSettings = { ...this.options, ...own };
    const scope = own?.rateLimitBurst ? operationId : '*';
    let decision: FaultDecision = { kind: 'none' };
    const burstLeft = this.bursts.get(scope) ?? 0;
    if (s.resetRate && this.random() < s.resetRate) {
      decision = { kind: 'reset' };
    } else if (burstLeft > 0) {
      this.bursts.set(scope, burstLeft - 1);
      decision = { kind: 'rate-limit', retryAfterSeconds: 1 };
    } else if (s.errorRate && this.random() < s.errorRate) {
      decision = { kind: 'error', status: s.errorStatus ?? 500 };
    }
    return { latencyMs: s.latencyMs ?? 0, slowBodyMs: s.slowBodyMs ?? 0, decision };
  }
}
