// THE catalogue of what each operation does beyond its HTTP shape (operations.ts): whether it
// changes state, how the state before a change is read back, its label in the journal, whether
// the journal can apply the previous version again, and whether the client may retry it.
// The change service, the journal, the editors and the client all read these facts here.
import { operationIds, type OperationId } from './operation-ids.ts';

/** Settings the API cannot read back: the last value applied from this app stands in. */
export type JournalReadBackKind = 'cors' | 'rate-limit';

export type ReadBack =
  /** The policy as the list operation returns it. */
  | { readonly from: 'list'; readonly operationId: OperationId }
  /** The last configuration applied from this app (the journal). */
  | { readonly from: 'journal'; readonly kind: JournalReadBackKind }
  /** Nothing to read: a create has no "before". */
  | { readonly from: 'nothing' };

export type Reapply =
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
export type UnknownOutcomeCheck =
  | { readonly by: 'read'; readonly operationId: OperationId }
  | { readonly by: 'resend'; readonly because: 'full-replacement' | 'upsert' | 'delete' | 'unique-domain' };

type ReadFacts = { readonly changesState: false; readonly label: string; readonly retryable: boolean };
type ChangeFacts = {
  readonly changesState: true;
  /** What the change touches, as the journal names it. */
  readonly label: string;
  /** The change itself, unique among the changes (filters, exports): "Delete rate limit". */
  readonly action: string;
  readonly readBack: ReadBack;
  readonly reapply: Reapply;
  readonly retryable: boolean;
  readonly unknownOutcome: UnknownOutcomeCheck;
};
export type OperationFacts = ReadFacts | ChangeFacts;

// Reads are always safe to retry, including the four analytics reads that the API serves by POST.
const read = (label: string): ReadFacts => ({ changesState: false, label, retryable: true });

export const operationFacts = {
  getCustomer: read('customer'),
  createService: {
    changesState: true,
    label: 'new service',
    action: 'Create service',
    readBack: { from: 'nothing' },
    reapply: 'never',
    retryable: false,
    unknownOutcome: { by: 'resend', because: 'unique-domain' },
  },
  getService: read('service'),
  listCacheControlPolicies: read('cache control'),
  listCacheControlPoliciesV2: read('cache control'),
  updateCacheControlPolicyV2: {
    changesState: true,
    label: 'cache control',
    action: 'Update cache control policy',
    readBack: { from: 'list', operationId: 'listCacheControlPoliciesV2' },
    reapply: 'previous-version',
    retryable: true,
    unknownOutcome: { by: 'read', operationId: 'listCacheControlPoliciesV2' },
  },
  createAccessControlPolicy: {
    changesState: true,
    label: 'access control',
    action: 'Create access control policy',
    readBack: { from: 'nothing' },
    reapply: 'never',
    retryable: false,
    unknownOutcome: { by: 'read', operationId: 'listAccessControlPolicies' },
  },
  listAccessControlPolicies: read('access control'),
  updateAccessControlPolicy: {
    changesState: true,
    label: 'access control',
    action: 'Update access control policy (version 1.0)',
    readBack: { from: 'list', operationId: 'listAccessControlPolicies' },
    reapply: 'previous-version',
    retryable: true,
    unknownOutcome: { by: 'read', operationId: 'listAccessControlPolicies' },
  },
  updateAccessControlPolicyV2: {
    changesState: true,
    label: 'access control',
    action: 'Update access control policy (V2)',
    readBack: { from: 'list', operationId: 'listAccessControlPolicies' },
    reapply: 'previous-version',
    retryable: true,
    unknownOutcome: { by: 'read', operationId: 'listAccessControlPolicies' },
  },
  updateRedirectionPolicy: {
    changesState: true,
    label: 'redirection',
    action: 'Update redirection policy',
    readBack: { from: 'list', operationId: 'listRedirectionPoliciesV2' },
    reapply: 'previous-version',
    retryable: true,
    unknownOutcome: { by: 'read', operationId: 'listRedirectionPoliciesV2' },
  },
  listRedirectionPoliciesV2: read('redirection'),
  // Served by POST: a retry after a lost answer could apply a setting twice, so none is made.
  setCorsHeaders: {
    changesState: true,
    label: 'CORS',
    action: 'Set CORS headers',
    readBack: { from: 'journal', kind: 'cors' },
    reapply: 'previous-version',
    retryable: false,
    unknownOutcome: { by: 'resend', because: 'full-replacement' },
  },
  upsertRateLimit: {
    changesState: true,
    label: 'rate limit',
    action: 'Set rate limit',
    readBack: { from: 'journal', kind: 'rate-limit' },
    reapply: 'previous-version-or-delete',
    retryable: false,
    unknownOutcome: { by: 'resend', because: 'upsert' },
  },
  deleteRateLimit: {
    changesState: true,
    label: 'rate limit',
    action: 'Delete rate limit',
    readBack: { from: 'journal', kind: 'rate-limit' },
    reapply: 'previous-version-or-delete',
    retryable: true,
    unknownOutcome: { by: 'resend', because: 'delete' },
  },
  getVolume: read('analytics'),
  getBandwidth: read('analytics'),
  getRequestNumber: read('analytics'),
  getOriginRequestNumber: read('analytics'),
} as const satisfies Record<OperationId, OperationFacts>;

type Facts = typeof operationFacts;

/** Operations that change something: the only ones changes.apply accepts. */
export type MutatingOperationId = { [K in OperationId]: Facts[K]['changesState'] extends true ? K : never }[OperationId];

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

/** The list operation that returns the current version of what `id` changes, if any. */
export function listOperationFor(id: MutatingOperationId): OperationId | undefined {
  const readBack = changeFacts(id).readBack;
  return readBack.from === 'list' ? readBack.operationId : undefined;
}
