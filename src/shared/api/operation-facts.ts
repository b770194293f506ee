// What each operation does beyond its HTTP shape: whether it changes state, how the state before
// a change is read back, its label in the journal, whether the journal can apply the previous
// version again, whether the client may retry it, how the journal words it and how a write whose
// answer never came is checked. The facts live in each entry of the operation table
// (operations.ts, `facts`); this file says what they mean and derives what the change service,
// the journal, the editors and the client read from them.
import { isOperationId, operationIds, operations, type OperationId } from './operations.ts';

/** Settings the API cannot read back: the last value applied from this app stands in. */
export type JournalReadBackKind = 'cors' | 'rate-limit';

type ReadBack<Op extends string = OperationId> =
  /** The policy as the list operation returns it. */
  | { readonly from: 'list'; readonly operationId: Op }
  /** The last configuration applied from this app (the journal). */
  | { readonly from: 'journal'; readonly kind: JournalReadBackKind }
  /** Nothing to read: a create has no "before". */
  | { readonly from: 'nothing' };

type Reapply =
  /** Creates cannot be undone through the API. */
  | 'never'
  /** The previous version is applied again; without one there is nothing to apply. */
  | 'previous-version'
  /** The previous version is applied again, or the setting deleted when there was none. */
  | 'previous-version-or-delete';

/**
 * How a write whose answer never came (the app stopped, a timeout) is settled before anything is
 * sent again (write-outcome.ts):
 * - read: the target is read with `operationId` and compared with what was sent;
 * - resend: the target cannot be read back, and sending again is safe because the operation is a
 *   full replacement (CORS headers), an upsert or a delete (rate limit), or refused as a duplicate
 *   once it applied (a service's domain name is unique).
 */
export type UnknownOutcomeCheck<Op extends string = OperationId> =
  | { readonly by: 'read'; readonly operationId: Op }
  | { readonly by: 'resend'; readonly because: 'full-replacement' | 'upsert' | 'delete' | 'unique-domain' };

/**
 * The policy list of a service a change edits, for the rule tester (suites/lists-after-change.ts):
 * it replaces the policy its path's policyId names, or adds one.
 */
export type PolicyListEdit = { readonly list: 'cache' | 'access' | 'redirections'; readonly how: 'replace' | 'add' };

export type ReadFacts = { readonly changesState: false; readonly label: string; readonly retryable: boolean };
export type ChangeFacts<Op extends string = OperationId> = {
  readonly changesState: true;
  /** What the change touches, as the journal names it. */
  readonly label: string;
  /** The change itself, unique among the changes (filters, exports): "Delete rate limit". */
  readonly action: string;
  /**
   * The journal's summary of one change (journalSummary): `{serviceId}`, `{policyId}`,
   * `{policyName}` and `{domainName}` are filled in, and left out with the space before them (and
   * the quotes around them) when the change has no such value.
   */
  readonly journal: string;
  readonly readBack: ReadBack<Op>;
  readonly reapply: Reapply;
  readonly retryable: boolean;
  readonly unknownOutcome: UnknownOutcomeCheck<Op>;
  /** Set for the changes that can alter what the rule tester decides. */
  readonly policyList?: PolicyListEdit;
};
export type OperationFacts<Op extends string = OperationId> = ReadFacts | ChangeFacts<Op>;

type Operations = typeof operations;

/**
 * The facts by operationId. Typed against the table's keys, so an entry whose facts name an
 * operation the table does not have is a type error here.
 */
export const operationFacts = Object.fromEntries(operationIds.map((id) => [id, operations[id].facts])) as {
  readonly [Id in OperationId]: Operations[Id]['facts'];
} satisfies Record<OperationId, OperationFacts>;

type Facts = typeof operationFacts;

/** Operations that change something: the only ones changes.apply accepts. */
export type MutatingOperationId = {
  [K in OperationId]: Facts[K]['changesState'] extends true ? K : never;
}[OperationId];

function isMutating(id: OperationId): id is MutatingOperationId {
  return operationFacts[id].changesState;
}

export const mutatingOperationIds: readonly MutatingOperationId[] = operationIds.filter(isMutating);

export function changeFacts(id: MutatingOperationId): ChangeFacts {
  return operationFacts[id];
}

/** Operations whose "before" can be applied again. */
export const reapplicableOperationIds: readonly MutatingOperationId[] = mutatingOperationIds.filter(
  (id) => changeFacts(id).reapply !== 'never',
);

/** The changes whose state the API cannot read back for this kind of setting. */
export function operationsReadBackFromJournal(kind: JournalReadBackKind): readonly MutatingOperationId[] {
  return mutatingOperationIds.filter((id) => {
    const readBack = changeFacts(id).readBack;
    return readBack.from === 'journal' && readBack.kind === kind;
  });
}

/** The setting whose last applied value stands in for what `id` changes, when the API cannot read it back. */
export function journalReadBackOf(id: MutatingOperationId): JournalReadBackKind | null {
  const readBack = changeFacts(id).readBack;
  return readBack.from === 'journal' ? readBack.kind : null;
}

/** The list operation that returns the current version of what `id` changes, if any. */
export function listOperationFor(id: MutatingOperationId): OperationId | undefined {
  const readBack = changeFacts(id).readBack;
  return readBack.from === 'list' ? readBack.operationId : undefined;
}

/** Operations that take a policy body (they edit a policy list). */
export type PolicyBodyOperationId = {
  [K in MutatingOperationId]: Facts[K] extends { readonly policyList: PolicyListEdit } ? K : never;
}[MutatingOperationId];

/** The policy list `operationId` edits, if it edits one. */
export function policyListEditOf(operationId: string): PolicyListEdit | undefined {
  if (!isOperationId(operationId)) return undefined;
  const facts: OperationFacts = operationFacts[operationId];
  return facts.changesState ? facts.policyList : undefined;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The journal's summary of one change: its `journal` wording with the created service's ID and
 * domain, the policy's ID and its name (as sent, else as it was before) filled in.
 */
export function journalSummary(
  operationId: MutatingOperationId,
  change: { serviceId: number | null; policyId: number | null; body: unknown; before: Json | null },
): string {
  const body = isObject(change.body) ? change.body : {};
  const name =
    (typeof body.policyName === 'string' ? body.policyName : null) ??
    (typeof change.before?.policyName === 'string' ? change.before.policyName : null);
  const values: Record<string, string | number | null> = {
    serviceId: change.serviceId,
    policyId: change.policyId,
    // An empty name reads as no name.
    policyName: name || null,
    domainName: typeof body.domainName === 'string' ? body.domainName : null,
  };
  return changeFacts(operationId).journal.replace(
    / (“?)\{(\w+)\}(”?)/g,
    (_whole, open: string, key: string, close: string) => {
      const value = values[key];
      return value === null || value === undefined ? '' : ` ${open}${value}${close}`;
    },
  );
}
