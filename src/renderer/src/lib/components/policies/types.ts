// Props of the policy editors of one service (the lists read theirs from the service context,
// state/service-context.ts).

/** An editor of one listed policy, opened from its list. */
export interface ListedPolicyEditorProps<T> {
  accountId: string;
  serviceId: number;
  policy: T;
  onClose: () => void;
  onSaved: () => void;
  /** The policy is in the list as last loaded (false after a reload that no longer has it). */
  listed?: boolean;
  /** Reloads the policy list (offered when the server no longer has this policy). */
  onReload?: () => Promise<void>;
}

/** What a list hands the editor of its open policy (policy null: create a new one). */
export type EditorSlot<T> = Omit<Required<ListedPolicyEditorProps<T>>, 'policy'> & { policy: T | null };

/** An editor of a per-service configuration the API cannot read back (CORS, rate limit). */
export interface ConfigEditorProps {
  accountId: string;
  serviceId: number;
  /** Last configuration applied from this app (the API cannot read it back), or null. */
  last: Record<string, unknown> | null;
  onSaved: () => void;
}
