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
] as const;

export type ServiceSection = (typeof serviceSections)[number]['id'];
export type PolicySection = Exclude<ServiceSection, 'details'>;

export type Route =
  | { screen: 'services' }
  | { screen: 'service'; serviceId: number; section: ServiceSection }
  | { screen: 'create-service' }
  | { screen: 'traffic' }
  | { screen: 'journal' }
  | { screen: 'accounts' }
  | { screen: 'review' };

export const screenTitles: Record<Route['screen'], string> = {
  services: 'Services',
  service: 'Service',
  'create-service': 'New service',
  traffic: 'Traffic',
  journal: 'Change journal',
  accounts: 'Accounts',
  review: 'Stats bundle review',
};

/** App-level dialogs that several places can open. */
export type AppDialog = 'add-services' | 'add-account' | null;

export class NavigationState {
  #route = $state<Route>({ screen: 'services' });
  /** The account that was current when the route was opened (service routes belong to it). */
  #routeAccountId = $state<string | null>(null);
  #dialog = $state<AppDialog>(null);
  /** Where "Close" of the stats bundle review goes back to. */
  #beforeReview: Route = { screen: 'services' };

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
  }

  openService(serviceId: number, section: ServiceSection = 'details'): void {
    this.go({ screen: 'service', serviceId, section });
  }

  closeReview(): void {
    this.#route = this.#beforeReview;
  }

  /** After an account switch the old service does not exist there. */
  resetForAccount(): void {
    if (this.#route.screen === 'service' || this.#route.screen === 'create-service') this.#route = { screen: 'services' };
  }
}

export const navigation = new NavigationState();
