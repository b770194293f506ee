import type { AccountHealth, AccountView, ConnectionCheck, Warning } from '#shared/ipc/channels/accounts.ts';
import type { ChannelInput, ChannelOutput } from '#shared/ipc/contract.ts';
import { invoke, onEvent } from './ipc.ts';
import { handleError, notify, toasts } from './errors.svelte.ts';

export type { AccountView, ConnectionCheck };
type KeychainStatus = ChannelOutput<'app.status'>['keychain'];

/** Accounts as the core reports them (no secrets), plus the current one. */
class AccountsState {
  #accounts = $state<AccountView[]>([]);
  #currentId = $state<string | null>(null);
  // From accounts.list (the accounts file) and from app.status / app.warning (other data files,
  // clock skew); both kept by the core until dismissed.
  #listWarnings = $state<Warning[]>([]);
  #statusWarnings = $state<Warning[]>([]);
  #keychain = $state<KeychainStatus | null>(null);
  #loaded = $state(false);
  #loadError = $state<string | null>(null);
  #health = $state<Record<string, AccountHealth>>({});
  #unsubscribe: (() => void) | null = null;

  constructor() {
    toasts.setAccountNames((accountId) => this.byId(accountId)?.name);
  }

  /** Every change of the current account goes through here: toasts about other accounts leave. */
  #setCurrent(accountId: string | null): void {
    this.#currentId = accountId;
    toasts.setCurrentAccount(accountId);
  }

  /** Stops listening to core events (tests, hot reload). */
  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  get accounts(): readonly AccountView[] {
    return this.#accounts;
  }
  get currentId(): string | null {
    return this.#currentId;
  }
  get current(): AccountView | null {
    return this.#accounts.find((account) => account.id === this.#currentId) ?? null;
  }
  get warnings(): readonly Warning[] {
    return [
      ...this.#listWarnings,
      ...this.#statusWarnings.filter((w) => !this.#listWarnings.some((x) => x.code === w.code)),
    ];
  }

  /** The user has read a warning: the core stops listing it (for every window). */
  async dismissWarning(code: string): Promise<void> {
    try {
      await invoke('app.dismissWarning', { code });
      this.#listWarnings = this.#listWarnings.filter((w) => w.code !== code);
      this.#statusWarnings = this.#statusWarnings.filter((w) => w.code !== code);
    } catch (error) {
      handleError(error, 'Could not dismiss the warning');
    }
  }
  get keychain(): KeychainStatus | null {
    return this.#keychain;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get loadError(): string | null {
    return this.#loadError;
  }
  get isEmpty(): boolean {
    return this.#loaded && this.#accounts.length === 0;
  }

  byId(accountId: string | null | undefined): AccountView | null {
    return this.#accounts.find((account) => account.id === accountId) ?? null;
  }

  /** Loads accounts and keychain status; later changes arrive as accounts.changed events. */
  async start(): Promise<void> {
    if (!this.#unsubscribe) {
      const offChanged = onEvent('accounts.changed', () => void this.refresh());
      // Problems the core finds later (a corrupt file moved aside…) are shown as they happen.
      const offWarning = onEvent('app.warning', (warning) => {
        notify(warning.message, 'warning', undefined, { scope: 'app' });
        this.#statusWarnings = [...this.#statusWarnings.filter((w) => w.code !== warning.code), warning];
      });
      // The times come with the event only when the state changes; read them all afresh then.
      const offHealth = onEvent('accounts.healthChanged', ({ accountId, health }) => {
        this.#health = { ...this.#health, [accountId]: health };
        void this.refreshHealth();
      });
      this.#unsubscribe = () => {
        offChanged();
        offWarning();
        offHealth();
      };
    }
    await this.refresh();
    void this.refreshHealth();
    try {
      const status = await invoke('app.status');
      this.#keychain = status.keychain;
      this.#statusWarnings = status.warnings;
    } catch (error) {
      handleError(error, 'Could not read the application status');
    }
  }

  /** Whether the account's gateway answered its latest calls in this session. */
  health(accountId: string | null | undefined): AccountHealth {
    return (
      (accountId ? this.#health[accountId] : undefined) ?? {
        state: 'unknown',
        lastSuccessAt: null,
        lastFailureAt: null,
        lastFailure: null,
      }
    );
  }

  async refreshHealth(): Promise<void> {
    try {
      this.#health = await invoke('accounts.health');
    } catch {
      // Health is a hint; the next event brings it again.
    }
  }

  async refresh(): Promise<void> {
    try {
      const list = await invoke('accounts.list');
      this.#accounts = list.accounts;
      this.#setCurrent(list.currentAccountId);
      this.#listWarnings = list.warnings;
      this.#loadError = null;
    } catch (error) {
      this.#loadError = handleError(error, 'Could not load the accounts').detail;
    } finally {
      this.#loaded = true;
    }
  }

  async switchTo(accountId: string): Promise<void> {
    if (accountId === this.#currentId) return;
    const previous = this.#currentId;
    this.#setCurrent(accountId);
    try {
      const result = await invoke('accounts.switch', { accountId });
      this.#setCurrent(result.currentAccountId);
    } catch (error) {
      this.#setCurrent(previous);
      handleError(error, 'Could not switch the account');
    }
  }

  async ensureSandbox(): Promise<AccountView> {
    const account = await invoke('accounts.ensureSandbox', { makeCurrent: true });
    await this.refresh();
    return account;
  }

  async add(input: ChannelInput<'accounts.add'>): Promise<ChannelOutput<'accounts.add'>> {
    const result = await invoke('accounts.add', input);
    await this.refresh();
    return result;
  }

  async update(input: ChannelInput<'accounts.update'>): Promise<AccountView> {
    const result = await invoke('accounts.update', input);
    await this.refresh();
    return result;
  }

  async rotateSecret(input: ChannelInput<'accounts.rotateSecret'>): Promise<AccountView> {
    const result = await invoke('accounts.rotateSecret', input);
    await this.refresh();
    return result;
  }

  async remove(accountId: string): Promise<void> {
    await invoke('accounts.remove', { accountId });
    await this.refresh();
  }

  testConnection(input: ChannelInput<'accounts.testConnection'>): Promise<ConnectionCheck> {
    return invoke('accounts.testConnection', input);
  }

  exportProfiles(input?: ChannelInput<'accounts.export'>): Promise<ChannelOutput<'accounts.export'>> {
    return invoke('accounts.export', input);
  }

  async importProfiles(content: string, passphrase?: string): Promise<ChannelOutput<'accounts.import'>> {
    const result = await invoke('accounts.import', passphrase === undefined ? { content } : { content, passphrase });
    await this.refresh();
    return result;
  }
}

export const accounts = new AccountsState();

/** Colour labels → swatch colours (readable on both themes). */
export const accountColorHex: Record<AccountView['color'], string> = {
  gray: '#8b93a1',
  blue: '#3b82f6',
  green: '#22a55a',
  yellow: '#d4a514',
  orange: '#ea7a1f',
  red: '#e0474c',
  purple: '#9461e8',
  teal: '#14a3a3',
};
