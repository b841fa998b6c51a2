/** Runs a callback once the current turn's I/O callbacks are done: `setImmediate` where the runtime has it. */
export type TurnScheduler = (callback: () => void) => void;

/** The runtime's `setImmediate` (Node, Bun), or null where there is none (browsers). */
function runtimeScheduler(): TurnScheduler | null {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  return typeof immediate === 'function' ? (callback) => void immediate(callback) : null;
}

/**
 * `read`, asked at most once per turn of the event loop. The first call of a turn schedules the
 * read with `schedule` (`setImmediate`: it runs once the turn's I/O callbacks are done); every call
 * of the turn gets that one value. The read therefore comes after every request that asked for it
 * had arrived, so a change made before any of them arrived is seen, as with a read per call, and a
 * busy server reads once for all the requests of a turn, which then go on together. A failed read
 * rejects every caller of its turn; the next turn reads again. With `schedule` null (the default
 * in a runtime without `setImmediate`), every call reads at once.
 */
export function oncePerTurn<T>(
  read: () => T | Promise<T>,
  schedule: TurnScheduler | null = runtimeScheduler(),
): () => T | Promise<T> {
  if (schedule === null) return read;
  let next: Promise<T> | undefined;
  return () =>
    (next ??= new Promise<T>((resolve, reject) =>
      schedule(() => {
        // Calls from here on (the callers' own continuations included) belong to the next turn.
        next = undefined;
        try {
          resolve(read());
        } catch (error) {
          reject(error);
        }
      }),
    ));
}
