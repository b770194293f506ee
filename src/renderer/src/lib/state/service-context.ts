// What the policy screens of one service share, handed down by ServicePolicies through a Svelte
// context instead of props through every level (lists → PolicyListFrame, ConfigSection, tester).
import { getContext, hasContext, setContext } from 'svelte';
import type { ServicePoliciesState } from './policy-lists.svelte.ts';

export interface ServiceContext {
  readonly accountId: string;
  readonly serviceId: number;
  /** The service's policy lists, shared by the sections (the rule tester reuses them). */
  readonly lists: ServicePoliciesState;
  /** policyKeys of this service with a stored draft (badges in the lists). */
  readonly drafted: ReadonlySet<string>;
  /** Reads the draft badges again after an editor saved or dropped a draft. */
  onDraftsChanged(): void;
}

const key: unique symbol = Symbol('service-context');

/** Called by ServicePolicies; pass getters so the children see the current values. */
export function setServiceContext(context: ServiceContext): void {
  setContext(key, context);
}

/** The context of the service whose policies are on screen (only inside ServicePolicies). */
export function serviceContext(): ServiceContext {
  if (!hasContext(key)) throw new Error('serviceContext() is used outside ServicePolicies');
  return getContext<ServiceContext>(key);
}
