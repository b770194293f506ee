// One file's read-modify-write steps run one after another, so two concurrent changes never
// overwrite each other's; readers wait for the writes already queued.
export type SerialQueue = {
  /** Runs the task once every task queued before it has settled; a failure does not block the next. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Settles (never rejects) when the tasks queued so far have settled. */
  idle(): Promise<unknown>;
};

export function createSerialQueue(): SerialQueue {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const run = queue.then(task, task);
      queue = run.catch(() => undefined);
      return run;
    },
    idle() {
      return queue;
    },
  };
}
