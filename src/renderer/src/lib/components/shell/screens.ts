// The feature screens, split out of the JavaScript the app loads at start: a screen's code loads
// the first time it is shown (AppShell mounts it through <LazyScreen>), the likely ones ahead, when
// the app is first idle. Which chunk holds which screen: electron.vite.config.ts.
// A new screen: an entry here, e.g.
//   overview: lazyModule('Overview', () => import('../overview/OverviewScreen.svelte')),
// where AppShell mounts it,
//   <LazyScreen module={screens.overview}>{#snippet children(OverviewScreen)}<OverviewScreen />{/snippet}</LazyScreen>
// and its folder in a chunk group of electron.vite.config.ts (else it gets a chunk of its own).
import { lazyModule, whenIdle } from '../../ui/index.ts';
import { accounts } from '../../state/accounts.svelte.ts';
import { warmUpChartsWhenIdle } from '../traffic/chart-warm-up.ts';

export const screens = {
  traffic: lazyModule('Traffic', () => import('../traffic/TrafficDashboard.svelte')),
  service: lazyModule('Service', () => import('../services/ServiceScreen.svelte')),
  createService: lazyModule('New service', () => import('../services/CreateServiceScreen.svelte')),
  journal: lazyModule('Change journal', () => import('../journal/ChangeJournal.svelte')),
  bulk: lazyModule('Bulk changes', () => import('../bulk/BulkScreen.svelte')),
  baselines: lazyModule('Baselines', () => import('../baselines/BaselinesScreen.svelte')),
  config: lazyModule('Configuration', () => import('../config/ConfigScreen.svelte')),
  accounts: lazyModule('Accounts', () => import('../accounts/AccountsScreen.svelte')),
  review: lazyModule('Stats bundle review', () => import('../traffic/ReviewMode.svelte')),
  overview: lazyModule('Overview', () => import('../overview/OverviewScreen.svelte')),
};

let prefetched = false;

/**
 * Once the app shows its first screen: loads, when the page is idle, the screens people open first
 * from the services overview (the traffic dashboard, with Chart.js compiled by a throwaway chart,
 * and a service; with several accounts, the fleet overview), so the click finds them ready. The others load when first opened; from local
 * files that fits in the loading state's quiet period.
 */
export function prefetchLikelyScreensWhenIdle(): void {
  if (prefetched) return;
  prefetched = true;
  whenIdle(() => screens.traffic.load());
  warmUpChartsWhenIdle();
  whenIdle(() => screens.service.load());
  // A consultant with several customers opens the fleet overview first.
  if (accounts.accounts.length > 1) whenIdle(() => screens.overview.load());
}
