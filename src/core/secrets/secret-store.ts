// Where access key secrets live. The only real implementation is the OS keychain (keytar);
// nothing in the core ever falls back to writing a secret to disk.
import type { AppCode } from '#shared/app-errors.ts';

export type KeychainStatus =
  | { available: true; service: string }
  | {
      available: false;
      service: string;
      code: typeof AppCode.Keychain.Unavailable;
      message: string;
      reason?: 'locked' | 'denied' | 'no-keyring' | 'unavailable' | 'module-missing';
      /** The one command that fixes it, where the app knows it (keytar missing or not loading). */
      fixCommand?: string;
    };

export interface SecretStore {
  /** The keychain service name the entries are filed under. */
  readonly service: string;
  /** The secret of one entry, or null when there is none. Throws CoreError Keychain.Unavailable. */
  get(entry: string): Promise<string | null>;
  set(entry: string, secret: string): Promise<void>;
  /** True when an entry was deleted. */
  delete(entry: string): Promise<boolean>;
  /** Probes the keychain without touching any entry's secret. */
  status(): Promise<KeychainStatus>;
}

export const DEFAULT_KEYCHAIN_SERVICE = 'Acceleration Console';

export function keychainServiceFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.ACCEL_KEYCHAIN_SERVICE?.trim() || DEFAULT_KEYCHAIN_SERVICE;
}
