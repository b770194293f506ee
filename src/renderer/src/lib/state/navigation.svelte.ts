/** Where the user is. One route at a time; the shell renders it. */
import { accounts } from './accounts.svelte.ts';

export const serviceSections = [
  { id: 'details', label: 'Details' },
  { id: 'cache', label: 'Cache control' },
  { id: 'access', label: 'Access control' },
  { id: 'redirection', label: 'Redirection' },
  { id: 'cors', label: 'CORS' },
  { id: 'rate-limit', label: 'Rate limit' },
  { id: 'tester', label: 'Rule tester' },
  { id: 'tests', label: 'Rule tests' },
] as const;

export type ServiceSection = (typeof serviceSections)[number]['id'];

export type Route =
  | { screen: 'services' }
  /** Every customer account's traffic health (not bound to the current account). */
  | { screen: 'overview' }
  | { screen: 'service'; serviceId: number; section: ServiceSection }
  | { screen: 'create-service' }
  | { screen: 'traffic' }
  /** entryId: open with that entry in view and expanded (a chart's change marker). */
  | { screen: 'journal'; entryId?: string; batchId?: string }
  | { screen: 'bulk' }
  | { screen: 'baselines' }
  | { screen: 'accounts' }
  | { screen: 'config' }
  | { screen: 'review' };

/** Each screen's name, as the sidebar, the command palette and the window title say it. */
export const screenTitles: Record<Route['screen'], string> = {
  services: 'Services',
  overview: 'Overview',
  service: 'Service',
  'create-service': 'New service',
  traffic: 'Traffic',
  journal: 'Change journal',
  baselines: 'Baselines',
  bulk: 'Bulk changes',
  accounts: 'Accounts',
  config: 'Configuration',
  review: 'Stats bundle review',
};

const storageKey = 'accel.navigation';
const sectionIds: readonly string[] = serviceSections.map((section) => section.id);

interface SavedNavigation {
  route: Route;
  accountId: string | null;
  section: ServiceSection;
}

function isSection(value: unknown): value is ServiceSection {
  return typeof value === 'string' && sectionIds.includes(value);
}

/** Only a well-formed route comes back from storage (it may be from an older version). */
function parseRoute(value: unknown): Route | null {
  if (typeof value !== 'object' || value === null) return null;
  const screen = (value as { screen?: unknown }).screen;
  if (screen === 'service') {
    const { serviceId, section } = value as { serviceId?: unknown; section?: unknown };
    return typeof serviceId === 'number' && Number.isInteger(serviceId) && isSection(section)
      ? { screen, serviceId, section }
      : null;
  }
  return typeof screen === 'string' && screen in screenTitles ? ({ screen } as Route) : null;
}

/**
 * The last screen, kept in localStorage so that a reload (and, in the desktop app, a restart)
 * reopens it. It is a convenience, not data: anything unreadable means the services overview.
 */
function loadSaved(): SavedNavigation {
  const fallback: SavedNavigation = { route: { screen: 'services' }, accountId: null, section: 'details' };
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    if (!raw) return fallback;
    const parsed = JSON.parse(raw) as Partial<Record<keyof SavedNavigation, unknown>>;
    return {
      route: parseRoute(parsed.route) ?? fallback.route,
      accountId: typeof parsed.accountId === 'string' ? parsed.accountId : null,
      section: isSection(parsed.section) ? parsed.section : 'details',
    };
  } catch {
    return fallback;
  }
}

/** App-level dialogs that several places can open. */
type AppDialog = 'add-services' | 'add-account' | null;

class NavigationState {
  #route = $state<Route>({ screen: 'services' });
  /** The account that was current when the route was opened (service routes belong to it). */
  #routeAccountId = $state<string | null>(null);
  /** The service section last chosen: moving to another service keeps it. */
  #section = $state<ServiceSection>('details');
  #dialog = $state<AppDialog>(null);
  /** Where "Close" of the stats bundle review goes back to. */
  #beforeReview: Route = { screen: 'services' };

  constructor() {
    const saved = loadSaved();
    this.#route = saved.route;
    this.#routeAccountId = saved.accountId;
    this.#section = saved.section;
  }

  get route(): Route {
    return this.#route;
  }

  /**
   * The route to show for this account: a service opened under another account does not exist
   * here, so an account switch shows the services overview until the next navigation.
   */
  routeFor(accountId: string | null | undefined): Route {
    const accountBound = this.#route.screen === 'service' || this.#route.screen === 'create-service';
    return accountBound && this.#routeAccountId !== accountId ? { screen: 'services' } : this.#route;
  }

  get dialog(): AppDialog {
    return this.#dialog;
  }

  openDialog(dialog: AppDialog): void {
    this.#dialog = dialog;
  }

  closeDialog(): void {
    this.#dialog = null;
  }

  go(route: Route): void {
    if (route.screen === 'review' && this.#route.screen !== 'review') this.#beforeReview = this.#route;
    this.#route = route;
    this.#routeAccountId = accounts.currentId;
    if (route.screen === 'service') this.#section = route.section;
    this.#save();
  }

  /** The section a service opens on when none is asked for: the one the user was last on. */
  get lastSection(): ServiceSection {
    return this.#section;
  }

  openService(serviceId: number, section: ServiceSection = this.#section): void {
    this.go({ screen: 'service', serviceId, section });
  }

  closeReview(): void {
    this.#route = this.#beforeReview;
    this.#save();
  }

  #save(): void {
    const saved: SavedNavigation = { route: this.#route, accountId: this.#routeAccountId, section: this.#section };
    try {
      globalThis.localStorage?.setItem(storageKey, JSON.stringify(saved));
    } catch {
      // Not remembered; navigation still works.
    }
  }

  /** After an account switch the old service does not exist there. */
  resetForAccount(): void {
    if (this.#route.screen === 'service' || this.#route.screen === 'create-service')
      this.#route = { screen: 'services' };
    this.#routeAccountId = accounts.currentId;
    this.#save();
  }
}

export const navigation = new NavigationState();
