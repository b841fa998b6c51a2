// The one way the command's long-running processes (server, cluster primary, worker) learn that
// they should stop: the first SIGTERM or SIGINT. What a second signal does differs, by design.

/** The signals that ask a process to stop cleanly. */
export const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/**
 * What a second stop signal does while the first one's shutdown runs:
 * - `ignored`: nothing (the cluster primary must not end before its workers have drained);
 * - `ends-if-same`: the same signal again ends the process, the other is ignored (a server process,
 *   which gets the terminal's SIGINT and then its primary's SIGTERM on one Ctrl-C);
 * - `ends`: any second signal ends the process at once (a worker).
 */
export type SecondSignal = 'ignored' | 'ends-if-same' | 'ends';

/** Calls `stop` once, on the process's first SIGTERM or SIGINT; a second one does as `second` says. */
export function onStopSignal(stop: (signal: StopSignal) => void, second: SecondSignal): void {
  let stopping = false;
  const listeners = STOP_SIGNALS.map((signal) => {
    const listener = (): void => {
      // Without a listener, the signal's default action ends the process.
      if (second === 'ends') for (const [name, registered] of listeners) process.off(name, registered);
      if (second === 'ends-if-same') process.off(signal, listener);
      if (stopping) return;
      stopping = true;
      stop(signal);
    };
    return [signal, listener] as const;
  });
  for (const [signal, listener] of listeners) process.on(signal, listener);
}
