// The Configuration screen: export, compare, apply with a plan, clone. What the
// user picks (a service of an account, or a document file) becomes a config.* channel source
// here; the ticks of a plan live in PlanTicks. Documents and passphrases stay in this state and
// go to the core only (never to storage).
import type { ChannelInput, ChannelOutput } from '#shared/ipc/contract.ts';
import { isEncryptedConfigDocument, MIN_PASSPHRASE_LENGTH } from '#shared/config-document/format.ts';

export type ConfigTab = 'export' | 'compare' | 'apply' | 'clone';
export const configTabs: ReadonlyArray<{ id: ConfigTab; label: string }> = [
  { id: 'export', label: 'Export' },
  { id: 'compare', label: 'Compare' },
  { id: 'apply', label: 'Apply' },
  { id: 'clone', label: 'Clone' },
];

export type ConfigSource = ChannelInput<'config.diff'>['left'];
export type ConfigDiff = ChannelOutput<'config.diff'>;
export type ApplyPlan = ChannelOutput<'config.plan'>;
export type PlanItem = ApplyPlan['items'][number];
export type ApplyResult = ChannelOutput<'config.apply'>;

/** A document file as opened: what can be told about it before the core reads it. */
export type OpenedDocument = {
  name: string;
  text: string;
  encrypted: boolean;
  /** The services it holds (null for an encrypted one: only the core can read those). */
  services: Array<{ serviceId: number; domainName: string }> | null;
  exportedAt: string | null;
};

/** What the user picked as one side of a compare, the source of an apply or of a clone. */
type ServiceSourceChoice = { kind: 'service'; accountId: string | null; serviceId: number | null };
export type DocumentSourceChoice = {
  kind: 'document';
  file: OpenedDocument | null;
  passphrase: string;
  service: string;
};
export type SourceChoice = ServiceSourceChoice | DocumentSourceChoice;

export function serviceChoice(accountId: string | null = null, serviceId: number | null = null): SourceChoice {
  return { kind: 'service', accountId, serviceId };
}

export function documentChoice(): DocumentSourceChoice {
  return { kind: 'document', file: null, passphrase: '', service: '' };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Reads a file's text as a document (plain or encrypted); a message when it cannot be one. */
export function describeDocument(name: string, text: string): OpenedDocument | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: `${name} is not JSON. Choose a configuration document exported by this app.` };
  }
  if (isEncryptedConfigDocument(json)) return { name, text, encrypted: true, services: null, exportedAt: null };
  if (!isObject(json) || json.format !== 'acceleration-console/config-document' || !Array.isArray(json.services)) {
    return {
      error: `${name} is not a configuration document (its "format" is not acceleration-console/config-document).`,
    };
  }
  const services = json.services.filter(isObject).map((entry) => {
    const service = isObject(entry.service) ? entry.service : {};
    const source = isObject(entry.source) ? entry.source : {};
    return {
      serviceId:
        typeof source.serviceId === 'number' ? source.serviceId : typeof service.id === 'number' ? service.id : 0,
      domainName: typeof service.domainName === 'string' ? service.domainName : '(no domain name)',
    };
  });
  return {
    name,
    text,
    encrypted: false,
    services,
    exportedAt: typeof json.exportedAt === 'string' ? json.exportedAt : null,
  };
}

export type SourceProblem = { field: 'account' | 'service' | 'file' | 'passphrase'; message: string };

/** The channel source for a choice, or the first thing still missing (named by its field). */
export function toSourceInput(
  choice: SourceChoice,
): { ok: true; source: ConfigSource } | { ok: false; problem: SourceProblem } {
  if (choice.kind === 'service') {
    if (choice.accountId === null) return { ok: false, problem: { field: 'account', message: 'Choose an account.' } };
    if (choice.serviceId === null) return { ok: false, problem: { field: 'service', message: 'Choose a service.' } };
    return { ok: true, source: { accountId: choice.accountId, serviceId: choice.serviceId } };
  }
  const file = choice.file;
  if (file === null) return { ok: false, problem: { field: 'file', message: 'Open a configuration document.' } };
  if (file.encrypted && choice.passphrase === '') {
    return {
      ok: false,
      problem: { field: 'passphrase', message: 'This document is encrypted: enter its passphrase.' },
    };
  }
  const many = file.services !== null && file.services.length > 1;
  if (many && choice.service === '')
    return { ok: false, problem: { field: 'service', message: 'The document holds several services: choose one.' } };
  const service = choice.service.trim();
  return {
    ok: true,
    source: {
      document: file.text,
      ...(file.encrypted ? { passphrase: choice.passphrase } : {}),
      ...(service === '' ? {} : { service }),
    },
  };
}

/** Problems of the export form's passphrase fields, keyed by field. */
export function exportPassphraseErrors(
  includeSecrets: boolean,
  passphrase: string,
  again: string,
): { passphrase?: string; again?: string } {
  if (!includeSecrets) return {};
  if (passphrase.length < MIN_PASSPHRASE_LENGTH)
    return { passphrase: `Passphrase: at least ${MIN_PASSPHRASE_LENGTH} characters.` };
  if (again !== passphrase) return { again: 'The two passphrases differ: type the same passphrase twice.' };
  return {};
}

/** "config-acme-www.example.com-2026-11-23.json"; several services: "config-acme-3-services-…". */
export function exportFileName(
  accountName: string,
  services: ReadonlyArray<{ domainName: string }>,
  encrypted: boolean,
  now: Date,
): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'account';
  const what = services.length === 1 && services[0] ? slug(services[0].domainName) : `${services.length}-services`;
  const day = now.toISOString().slice(0, 10);
  return `config-${slug(accountName)}-${what}-${day}${encrypted ? '.encrypted' : ''}.json`;
}

/** Plan items that can be ticked: the ones that would write something. */
export function isTickable(item: PlanItem): boolean {
  return item.action === 'create' || item.action === 'update';
}

/**
 * The ticks of one plan: every create/update item ticked at first, except those with a caution
 * (values naming the source's domain: the user ticks them after checking); the others cannot be.
 */
export class PlanTicks {
  #ticked = $state<string[]>([]);
  #tickable: string[] = [];

  reset(plan: ApplyPlan | null): void {
    this.#tickable = plan ? plan.items.filter(isTickable).map((i) => i.id) : [];
    this.#ticked = plan ? plan.items.filter((i) => isTickable(i) && i.caution === null).map((i) => i.id) : [];
  }

  has(id: string): boolean {
    return this.#ticked.includes(id);
  }

  set(id: string, ticked: boolean): void {
    if (!this.#tickable.includes(id)) return;
    const others = this.#ticked.filter((t) => t !== id);
    this.#ticked = ticked ? [...others, id] : others;
  }

  all(ticked: boolean): void {
    this.#ticked = ticked ? [...this.#tickable] : [];
  }

  get ids(): readonly string[] {
    return this.#ticked;
  }

  get count(): number {
    return this.#ticked.length;
  }

  get tickableCount(): number {
    return this.#tickable.length;
  }
}

export const outcomeLabels: Record<ApplyResult['results'][number]['outcome'], string> = {
  applied: 'Applied',
  unchanged: 'Already so',
  cannot: 'Cannot apply',
  failed: 'Failed',
  skipped: 'Not ticked',
};

export const actionLabels: Record<PlanItem['action'], string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'Unchanged',
  cannot: 'Cannot apply',
};

/**
 * Which tab the Configuration screen shows, and what a service screen or the palette asked it
 * to start with (the service becomes the export selection and the source of compare / clone).
 */
export class ConfigScreenState {
  #tab = $state<ConfigTab>('export');
  #preset = $state<{ accountId: string; serviceId: number; nonce: number } | null>(null);
  #nonce = 0;

  get tab(): ConfigTab {
    return this.#tab;
  }

  set tab(tab: ConfigTab) {
    this.#tab = tab;
  }

  /** A service to start from; `nonce` changes with every request, so the same service twice still applies. */
  get preset(): { accountId: string; serviceId: number; nonce: number } | null {
    return this.#preset;
  }

  open(tab: ConfigTab, service?: { accountId: string; serviceId: number }): void {
    this.#tab = tab;
    if (service) this.#preset = { ...service, nonce: ++this.#nonce };
  }
}

export const configScreen = new ConfigScreenState();
