// The sidebar's links to the screens that are not about one service, in the order shown, each
// with its 16×16 line icon (strokes in the text colour, no fill). Their names are the screens'
// titles (navigation.svelte.ts); the stats bundle's link says what it does instead.
import { screenTitles, type Route } from '../../state/navigation.svelte.ts';

interface IconStroke {
  d: string;
  width: number;
  cap?: 'round';
  join?: 'round';
}

export interface ScreenLink {
  route: Route;
  label: string;
  icon: IconStroke[];
}

export const screenLinks: ScreenLink[] = [
  {
    route: { screen: 'overview' },
    label: screenTitles.overview,
    icon: [
      { d: 'M2.5 3h11M2.5 8h11M2.5 13h11', width: 1.4, cap: 'round' },
      { d: 'M8 5.5l1.5-2 1.5 1.5 2-2M8 10.5l1.5-2 1.5 1.5 2-2', width: 1.2, join: 'round' },
    ],
  },
  {
    route: { screen: 'traffic' },
    label: screenTitles.traffic,
    icon: [{ d: 'M2 13V9M6 13V5M10 13V7M14 13V3', width: 1.8, cap: 'round' }],
  },
  {
    route: { screen: 'bulk' },
    label: screenTitles.bulk,
    icon: [
      { d: 'M2.5 3.5h11M2.5 8h11M2.5 12.5h11', width: 1.4, cap: 'round' },
      { d: 'M11 2l2.5 1.5L11 5M11 6.5L13.5 8 11 9.5M11 11l2.5 1.5L11 14', width: 1.2 },
    ],
  },
  {
    route: { screen: 'journal' },
    label: screenTitles.journal,
    icon: [{ d: 'M3 2.5h10v11H3zM5.5 5.5h5M5.5 8h5M5.5 10.5h3', width: 1.4 }],
  },
  {
    route: { screen: 'config' },
    label: screenTitles.config,
    icon: [{ d: 'M4 2.5h5.5L12 5v8.5H4zM9.5 2.5V5H12M6 8h4M6 10.5h4', width: 1.4, join: 'round' }],
  },
  {
    route: { screen: 'baselines' },
    label: screenTitles.baselines,
    icon: [{ d: 'M2.5 3.5h11v9h-11zM2.5 6.5h11M6.5 3.5v9', width: 1.4 }],
  },
  {
    route: { screen: 'accounts' },
    label: screenTitles.accounts,
    icon: [
      { d: 'M5.2 5.5a2.8 2.8 0 1 0 5.6 0a2.8 2.8 0 1 0-5.6 0z', width: 1.4 },
      { d: 'M2.5 14c.6-3 2.9-4.5 5.5-4.5s4.9 1.5 5.5 4.5', width: 1.4 },
    ],
  },
  {
    route: { screen: 'review' },
    label: 'Open stats bundle',
    icon: [{ d: 'M2 4.5h4l1.5 1.5H14v7.5H2z', width: 1.4, join: 'round' }],
  },
];
