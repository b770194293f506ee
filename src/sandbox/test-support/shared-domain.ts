// For vitest and e2e: one gateway with several customers, each with its own access key, whose
// services share one domain name (a consultant's accounts often do: a shop moved between
// accounts, a staging account mirroring production).
import { startSandbox, type SandboxCustomer, type SandboxHandle, type SandboxOptions } from '../index.ts';

const DEFAULT_SHARED_DOMAIN = 'www.example-shop.com';

export interface SharedDomainSandboxOptions extends Omit<SandboxOptions, 'customers' | 'sharedDomain'> {
  /** Customers on the gateway (default 5); with the default seed the first is the demo customer 1024. */
  customers?: number;
  /** The domain every customer serves (default www.example-shop.com). */
  domainName?: string;
}

interface SharedDomainCustomer extends SandboxCustomer {
  /** This customer's own service on the shared domain. */
  sharedService: { id: number; domainName: string };
}

export interface SharedDomainSandbox {
  sandbox: SandboxHandle;
  domainName: string;
  customers: SharedDomainCustomer[];
}

/**
 * Starts a gateway (127.0.0.1, free port, no gateway rate limit unless given) with `customers`
 * customers that all serve `domainName`; stop it with `sandbox.stop()`.
 */
export async function startSharedDomainSandbox(options: SharedDomainSandboxOptions = {}): Promise<SharedDomainSandbox> {
  const { customers = 5, domainName = DEFAULT_SHARED_DOMAIN, ...rest } = options;
  const sandbox = await startSandbox({ rateLimit: false, ...rest, customers, sharedDomain: domainName });
  const wanted = domainName.toLowerCase();
  return {
    sandbox,
    domainName,
    customers: sandbox.customers.map((customer) => {
      const sharedService = customer.services.find((s) => s.domainName.toLowerCase() === wanted);
      if (!sharedService) throw new Error(`customer ${customer.customerId} has no service on ${domainName}`);
      return { ...customer, sharedService };
    }),
  };
}
