// A baseline: a named set of built-in checks with their parameters, assigned to accounts and/or
// tags; its document format (export / import); and its evaluation over snapshots into the report
// the grid, the CLI and the bench use. Pure.
import { z } from 'zod';
import { idSchema } from '../ipc/define.ts';
import { tagListSchema } from '../tags.ts';
import { builtinCheckIds, checkById } from './catalogue.ts';
import type { ServiceConfig } from '../config-document/schema.ts';
import type { BaselineFix, CheckContext, CheckResult, CheckStatus, CheckTarget, Finding } from './check-types.ts';

const BASELINE_DOCUMENT_FORMAT = 'acceleration-console/baselines';
const BASELINE_DOCUMENT_SCHEMA_VERSION = 1;
const MAX_BASELINE_NAME_CHARS = 80;

export const baselineNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Give the baseline a name.' })
  .max(MAX_BASELINE_NAME_CHARS, { error: `A baseline name may have at most ${MAX_BASELINE_NAME_CHARS} characters.` });

const baselineCheckSchema = z
  .strictObject({
    checkId: z.enum(builtinCheckIds as [string, ...string[]], {
      error: `Unknown check; the built-in checks are ${builtinCheckIds.join(', ')}.`,
    }),
    params: z
      .record(z.string().max(64, { error: 'A parameter name may have at most 64 characters.' }), z.unknown())
      .default({}),
  })
  .superRefine((entry, ctx) => {
    const prepared = checkById(entry.checkId)?.prepare(entry.params);
    if (prepared && !prepared.ok) ctx.addIssue({ code: 'custom', path: ['params'], message: prepared.message });
  });

export const baselineSchema = z.strictObject({
  name: baselineNameSchema,
  description: z.string().max(500, { error: 'The description may have at most 500 characters.' }).default(''),
  checks: z
    .array(baselineCheckSchema)
    .min(1, { error: 'Choose at least one check.' })
    .max(50, { error: 'A baseline may hold at most 50 checks.' }),
  /** Accounts (IDs, local to this installation) and tags (on accounts or services) the baseline applies to. */
  assignedTo: z
    .strictObject({
      accounts: z.array(idSchema).max(500).default([]),
      tags: tagListSchema.default([]),
    })
    .default({ accounts: [], tags: [] }),
});
export type Baseline = z.output<typeof baselineSchema>;
export type BaselineInput = z.input<typeof baselineSchema>;

/**
 * The exported document: baselines without their account assignments (account IDs mean nothing
 * on another installation); tag assignments travel.
 */
const baselineDocumentSchema = z.object({
  format: z.literal(BASELINE_DOCUMENT_FORMAT, {
    error: `This is not a baselines document (its "format" is not ${BASELINE_DOCUMENT_FORMAT}).`,
  }),
  schemaVersion: z.literal(BASELINE_DOCUMENT_SCHEMA_VERSION, {
    error: `The document's schemaVersion must be ${BASELINE_DOCUMENT_SCHEMA_VERSION}.`,
  }),
  exportedAt: z.string(),
  baselines: z.array(baselineSchema).min(1, { error: 'The document holds no baseline.' }),
});
export type BaselineDocument = z.output<typeof baselineDocumentSchema>;

export function baselineDocument(baselines: readonly Baseline[], exportedAt: string): BaselineDocument {
  return {
    format: BASELINE_DOCUMENT_FORMAT,
    schemaVersion: BASELINE_DOCUMENT_SCHEMA_VERSION,
    exportedAt,
    baselines: baselines.map((b) => ({ ...b, assignedTo: { accounts: [], tags: b.assignedTo.tags } })),
  };
}

export function serializeBaselineDocument(document: BaselineDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The document's baselines, or the first problem as "baselines.0.checks.1.params: message". */
export function parseBaselineDocument(
  text: string,
): { ok: true; document: BaselineDocument } | { ok: false; message: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON: choose a baselines document exported from this app.' };
  }
  const parsed = baselineDocumentSchema.safeParse(raw);
  if (parsed.success) return { ok: true, document: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return { ok: false, message: `${where}${issue?.message ?? 'The document is not valid.'}` };
}

// ---------------------------------------------------------------------------------- evaluation

export type EvaluationTarget = CheckTarget & { accountName: string; domainName: string };

/**
 * Results of one check over some services. `unknown` counts every result that is not known,
 * including `unchecked` ones: services in scope without a snapshot, never evaluated. A cell is
 * never "passing" because nothing was looked at.
 */
type CellCounts = { pass: number; fail: number; unknown: number; unchecked: number };

/** Why a service without a snapshot has no result (the drill-down and the CLI say it). */
export const NOT_CHECKED_NOTE =
  'Not checked: no snapshot of this service has been read yet. Refresh the snapshots to check it.';

/** A service in scope that has no snapshot yet. */
export type UncheckedService = { serviceId: number; domainName: string };

/** One failing or unknown result, with what the drill-down shows. */
export type ResultDetail = {
  accountId: string;
  /** Index into report.checks. */
  check: number;
  serviceId: number;
  domainName: string;
  /** null: the service has no snapshot, so it was not checked (status unknown). */
  snapshotAt: string | null;
  status: Exclude<CheckStatus, 'pass'>;
  findings: Finding[];
  note: string | null;
  /** Changes that fix the failure through the API (empty: by hand). */
  fixes: BaselineFix[];
};

export type BaselineReport = {
  baseline: string;
  evaluatedAt: string;
  checks: Array<{
    checkId: string;
    title: string;
    reason: string;
    fixText: string;
    fixBy: 'api' | 'by-hand';
    params: Record<string, unknown>;
  }>;
  accounts: Array<{
    accountId: string;
    accountName: string;
    /** Services of the account in scope, with or without a snapshot. */
    services: number;
    /** Of those, services that have no snapshot yet (not checked: their results count as unknown). */
    withoutSnapshot: number;
    /** Oldest and newest snapshot time of the account's evaluated services (null: none). */
    oldestSnapshotAt: string | null;
    newestSnapshotAt: string | null;
    /** One per check, same order as report.checks. */
    cells: CellCounts[];
  }>;
  details: ResultDetail[];
  totals: CellCounts;
};

// Results of configuration-only checks, per snapshot configuration object and check with its
// parameters ("checkId {params}"). Snapshots are replaced whole when read again, never changed in
// place, so an unchanged snapshot keeps its results across evaluations and a new one starts empty.
const configResults = new WeakMap<ServiceConfig, Map<string, CheckResult>>();

/**
 * Runs every check of the baseline on every target. Targets come grouped by account in the order
 * the grid shows them; accounts without targets can be passed in `accounts` to get an empty row.
 */
export function evaluateBaseline(
  baseline: Baseline,
  targets: readonly EvaluationTarget[],
  context: CheckContext & {
    accounts?: ReadonlyArray<{ accountId: string; accountName: string; unchecked?: readonly UncheckedService[] }>;
    /** false: run every check anew (tests compare both ways). */
    reuseResults?: boolean;
  },
): BaselineReport {
  const reuse = context.reuseResults !== false;
  const prepared = baseline.checks.map((entry) => {
    const check = checkById(entry.checkId);
    const ready = check?.prepare(entry.params);
    if (!check || !ready?.ok) throw new Error(`Check ${entry.checkId} of baseline ${baseline.name} is not valid.`);
    const params = ready.params as Record<string, unknown>;
    const cacheKey = reuse && check.configOnly ? `${check.id} ${JSON.stringify(params)}` : null;
    return { check, run: ready.run, params, cacheKey };
  });
  const rows = new Map<string, BaselineReport['accounts'][number]>();
  const row = (accountId: string, accountName: string) => {
    let r = rows.get(accountId);
    if (!r) {
      r = {
        accountId,
        accountName,
        services: 0,
        withoutSnapshot: 0,
        oldestSnapshotAt: null,
        newestSnapshotAt: null,
        cells: prepared.map(() => ({ pass: 0, fail: 0, unknown: 0, unchecked: 0 })),
      };
      rows.set(accountId, r);
    }
    return r;
  };
  const details: ResultDetail[] = [];
  const totals: CellCounts = { pass: 0, fail: 0, unknown: 0, unchecked: 0 };
  for (const a of context.accounts ?? []) {
    const r = row(a.accountId, a.accountName);
    for (const service of a.unchecked ?? []) {
      r.services += 1;
      r.withoutSnapshot += 1;
      prepared.forEach((_, index) => {
        r.cells[index].unknown += 1;
        r.cells[index].unchecked += 1;
        details.push({
          accountId: a.accountId,
          check: index,
          serviceId: service.serviceId,
          domainName: service.domainName,
          snapshotAt: null,
          status: 'unknown',
          findings: [],
          note: NOT_CHECKED_NOTE,
          fixes: [],
        });
      });
      totals.unknown += prepared.length;
      totals.unchecked += prepared.length;
    }
  }
  for (const target of targets) {
    const r = row(target.accountId, target.accountName);
    r.services += 1;
    if (r.oldestSnapshotAt === null || target.snapshotAt < r.oldestSnapshotAt) r.oldestSnapshotAt = target.snapshotAt;
    if (r.newestSnapshotAt === null || target.snapshotAt > r.newestSnapshotAt) r.newestSnapshotAt = target.snapshotAt;
    let cached = configResults.get(target.config);
    prepared.forEach(({ run, cacheKey }, index) => {
      let result = cacheKey === null ? undefined : cached?.get(cacheKey);
      if (result === undefined) {
        result = run(target, context);
        if (cacheKey !== null) {
          if (!cached) {
            cached = new Map();
            configResults.set(target.config, cached);
          }
          cached.set(cacheKey, result);
        }
      }
      r.cells[index][result.status] += 1;
      totals[result.status] += 1;
      if (result.status !== 'pass') {
        details.push({
          accountId: target.accountId,
          check: index,
          serviceId: target.serviceId,
          domainName: target.domainName,
          snapshotAt: target.snapshotAt,
          status: result.status,
          findings: result.findings,
          note: result.note,
          fixes: result.fixes,
        });
      }
    });
  }
  return {
    baseline: baseline.name,
    evaluatedAt: new Date(context.now).toISOString(),
    checks: prepared.map(({ check, params }) => ({
      checkId: check.id,
      title: check.title,
      reason: check.reason,
      fixText: check.fixText,
      fixBy: check.fixBy,
      params,
    })),
    accounts: [...rows.values()],
    details,
    totals,
  };
}
