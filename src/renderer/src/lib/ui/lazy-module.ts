// Code loaded on first use. Each `import()` given here becomes its own chunk in the build, so
// what it holds is not part of the JavaScript the app loads before its first screen.

export interface LazyModule<T> {
  /** What the module shows, for the loading and error states ("Traffic"). */
  readonly label: string;
  /** The default export once loaded: a screen opened again renders at once, with no loading state. */
  readonly current: T | undefined;
  /** Loads the module once; callers share the promise. A failed load is forgotten, so calling again fetches again (Retry). */
  load(): Promise<T>;
}

export function lazyModule<T>(label: string, importer: () => Promise<{ default: T }>): LazyModule<T> {
  let current: T | undefined;
  let pending: Promise<T> | null = null;
  return {
    label,
    get current() {
      return current;
    },
    load() {
      pending ??= importer().then(
        (module) => (current = module.default),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}

type IdleTask = () => Promise<unknown> | void;

const idleTasks: IdleTask[] = [];
let idleScheduled = false;

/**
 * Runs `task` when the page is idle, one queued task per idle period and each after the previous
 * one settled, so loading several chunks never holds up what the user does meanwhile. Failures
 * are left to the code that needs the module (a screen shows its own error with Retry).
 */
export function whenIdle(task: IdleTask): void {
  idleTasks.push(task);
  scheduleNext();
}

function scheduleNext(): void {
  // Chromium and Electron have idle callbacks; elsewhere (test DOMs) nothing is done ahead of need.
  if (idleScheduled || idleTasks.length === 0 || typeof globalThis.requestIdleCallback !== 'function') return;
  idleScheduled = true;
  globalThis.requestIdleCallback(
    () => {
      const task = idleTasks.shift();
      void Promise.resolve()
        .then(task)
        .catch(() => undefined)
        .finally(() => {
          idleScheduled = false;
          scheduleNext();
        });
    },
    { timeout: 2_000 },
  );
}
