// The colour a new account gets when none is chosen. Colours tell a consultant's customers apart
// at a glance, so new accounts take turns through the palette instead of all coming out blue:
// the least used colour, in the order below. Gray comes last: it reads as "no colour".
import { accountColors } from './account-profile.ts';

export type AccountColor = (typeof accountColors)[number];

/** The order colours are handed out in. */
export const accountColorRotation: readonly AccountColor[] = [
  ...accountColors.filter((color) => color !== 'gray'),
  'gray',
];

/** The least used colour among `used` (the colours of the existing accounts), first in rotation order on a tie. */
export function nextAccountColor(used: readonly AccountColor[]): AccountColor {
  const counts = new Map<AccountColor, number>(accountColorRotation.map((color) => [color, 0]));
  for (const color of used) counts.set(color, (counts.get(color) ?? 0) + 1);
  let best = accountColorRotation[0] as AccountColor;
  for (const color of accountColorRotation) if ((counts.get(color) ?? 0) < (counts.get(best) ?? 0)) best = color;
  return best;
}
