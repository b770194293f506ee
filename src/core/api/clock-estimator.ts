// Estimates server time minus workstation time from the Date headers of answers, so requests
// are signed with a date the gateway accepts even when the workstation clock is off.

export const CLOCK_SKEW_WARNING_MS = 5 * 60_000;
// Date has one-second resolution: changes smaller than this are noise, not skew.
const CLOCK_UPDATE_THRESHOLD_MS = 2_000;

export type ClockEstimator = {
  /** Current estimate (0 until an answer shows a real difference). */
  offsetMs(): number;
  /** Takes one answer's Date header into account; true when the estimate moved. */
  observe(dateHeader: string | undefined, sentAt: number, receivedAt: number): boolean;
};

/** `onSkew` hears of every new estimate beyond CLOCK_SKEW_WARNING_MS. */
export function createClockEstimator(onSkew?: (offsetMs: number) => void): ClockEstimator {
  let offsetMs = 0;
  return {
    offsetMs: () => offsetMs,
    observe(dateHeader, sentAt, receivedAt) {
      if (!dateHeader) return false;
      const serverMs = Date.parse(dateHeader);
      if (Number.isNaN(serverMs)) return false;
      // Date truncates to the second: +500 ms centres the estimate; compare with the round trip's midpoint.
      const estimate = Math.round(serverMs + 500 - (sentAt + receivedAt) / 2);
      if (Math.abs(estimate - offsetMs) < CLOCK_UPDATE_THRESHOLD_MS) return false;
      offsetMs = Math.abs(estimate) < CLOCK_UPDATE_THRESHOLD_MS ? 0 : estimate;
      if (Math.abs(offsetMs) > CLOCK_SKEW_WARNING_MS && onSkew) {
        try {
          onSkew(offsetMs);
        } catch {
          // Listener errors are not the request's problem.
        }
      }
      return true;
    },
  };
}
