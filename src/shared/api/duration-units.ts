// The units a duration in seconds is typed in (the cache editor's TTL, a baseline's minimum TTL):
// one list, so every form offers the same choice and converts the same way.
export type DurationUnit = 's' | 'min' | 'h' | 'd';

export const durationUnits: { id: DurationUnit; label: string; seconds: number }[] = [
  { id: 's', label: 'seconds', seconds: 1 },
  { id: 'min', label: 'minutes', seconds: 60 },
  { id: 'h', label: 'hours', seconds: 3600 },
  { id: 'd', label: 'days', seconds: 86400 },
];

/** The largest unit that expresses the seconds exactly (3600 → 1 h; 0 and odd values in seconds). */
export function splitSeconds(seconds: number): { value: string; unit: DurationUnit } {
  for (const unit of [...durationUnits].reverse()) {
    if (seconds !== 0 && seconds % unit.seconds === 0) return { value: String(seconds / unit.seconds), unit: unit.id };
  }
  return { value: String(seconds), unit: 's' };
}
