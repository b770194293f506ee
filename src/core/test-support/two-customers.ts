// Test helper: two customers on two sandbox gateways with different keys (Acme on the demo key,
// Globex on its own), both accounts added to a core and their services listed in its inventory —
// the set-up of the bulk tests across customer accounts. Each gateway's request log is kept.
import {
  DEMO_ACCESS_KEY_ID,
  DEMO_ACCESS_KEY_SECRET,
  DEMO_CUSTOMER_ID,
  startSandbox,
  type SandboxHandle,
} from '#sandbox';
import type { Core } from '../app-core.ts';
import { data } from './core.ts';

export interface CustomerKey {
  accessKeyId: string;
  accessKeySecret: string;
  customerId: number;
}

export interface TwoCustomerGateways {
  acmeGateway: SandboxHandle;
  globexGateway: SandboxHandle;
  /** Every request line each gateway logged, in order. */
  acmeLog: string[];
  globexLog: string[];
  globexKey: CustomerKey;
  stop(): Promise<void>;
}

/** Starts both gateways (no rate limit: the client's budget is what a test measures). `acmeDomains` adds services to Acme's demo ones. */
export async function startTwoCustomerGateways(
  globexKey: CustomerKey,
  acmeDomains: readonly string[] = [],
): Promise<TwoCustomerGateways> {
  const acmeLog: string[] = [];
  const globexLog: string[] = [];
  const acmeGateway = await startSandbox({ rateLimit: false, log: (line) => acmeLog.push(line) });
  const globexGateway = await startSandbox({
    rateLimit: false,
    keys: [globexKey],
    log: (line) => globexLog.push(line),
  });
  for (const domainName of acmeDomains) {
    acmeGateway.store.createService(
      DEMO_CUSTOMER_ID,
      { domainName, origins: [{ originUrl: 'https://origin.example' }], defaultHostHeader: 'origin.example' },
      Date.now(),
    );
  }
  return {
    acmeGateway,
    globexGateway,
    acmeLog,
    globexLog,
    globexKey,
    async stop() {
      await acmeGateway.stop();
      await globexGateway.stop();
    },
  };
}

export interface TwoCustomerAccounts {
  acme: string;
  globex: string;
  /** Every Acme service, listed in the inventory. */
  acmeIds: number[];
  /** Globex's first service, the only one listed. */
  globexId: number;
}

/** Adds Acme and Globex to the core (Globex flagged production when asked) and lists their services. */
export async function addTwoCustomers(
  core: Core,
  gateways: TwoCustomerGateways,
  options: { globexProduction?: boolean } = {},
): Promise<TwoCustomerAccounts> {
  const { acmeGateway, globexGateway, globexKey } = gateways;
  const acme = data(
    await core.invoke('accounts.add', {
      name: 'Acme',
      baseUrl: acmeGateway.url,
      accessKeyId: DEMO_ACCESS_KEY_ID,
      customerId: DEMO_CUSTOMER_ID,
      secret: DEMO_ACCESS_KEY_SECRET,
    }),
  ).account.id;
  const globex = data(
    await core.invoke('accounts.add', {
      name: 'Globex',
      baseUrl: globexGateway.url,
      accessKeyId: globexKey.accessKeyId,
      customerId: globexKey.customerId,
      secret: globexKey.accessKeySecret,
      ...(options.globexProduction ? { production: true } : {}),
    }),
  ).account.id;
  const acmeIds = acmeGateway.store.servicesOf(DEMO_CUSTOMER_ID).map((s) => s.service.id);
  const globexId = globexGateway.store.servicesOf(globexKey.customerId)[0]!.service.id;
  data(await core.invoke('inventory.addByIds', { accountId: acme, ids: acmeIds.join(',') }));
  data(await core.invoke('inventory.addByIds', { accountId: globex, ids: String(globexId) }));
  return { acme, globex, acmeIds, globexId };
}
