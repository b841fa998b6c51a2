// The loops of the delivery workers: slots, each claiming one leased item at a time (bulk results,
// ./worker.ts), or one claimer taking as many items as deliveries are free in one claim (order
// events, ./events-worker.ts); each sleeps for the poll interval when nothing is due. And the
// heartbeat that extends a lease while its item is worked on.

/** How many heartbeats a lease holds: the lease is extended every third of it, so two may fail in a row. */
export const HEARTBEATS_PER_LEASE = 3;

/** What the slots run. */
export interface SlotOptions {
  /** Names each slot's leases: the id alone for one slot, `id/1`, `id/2`... for several. */
  readonly workerId: string;
  readonly concurrency: number;
  readonly pollIntervalMs: number;
  /** Claims and handles one item as `owner`; resolves to false when nothing was due. */
  step(owner: string): Promise<boolean>;
  /** Called when `step` rejects (a failing store must not end the worker); the slot sleeps, then goes on. */
  onError(error: unknown): void;
}

/** Running slots: `wake` ends every idle slot's sleep, `stop` ends the loop once the steps in flight are done. */
export interface Slots {
  wake(): void;
  stop(): Promise<void>;
}

/** Starts the slots. */
export function startSlots(options: SlotOptions): Slots {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer (got ${options.concurrency}).`);
  }
  let stopped = false;
  // Idle slots wait on this; `wake` and `stop` end the wait early.
  let sleepers: (() => void)[] = [];
  function wakeAll(): void {
    const waiting = sleepers;
    sleepers = [];
    for (const resolve of waiting) resolve();
  }
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        sleepers = sleepers.filter((sleeper) => sleeper !== done);
        resolve();
      }
      sleepers.push(done);
    });
  }

  async function runSlot(owner: string): Promise<void> {
    while (!stopped) {
      try {
        if (!(await options.step(owner))) await sleep(options.pollIntervalMs);
      } catch (error) {
        // The item's lease runs out and it is claimed again.
        options.onError(error);
        if (!stopped) await sleep(options.pollIntervalMs);
      }
    }
  }

  const { workerId, concurrency } = options;
  const owners = Array.from({ length: concurrency }, (_, slot) => (concurrency === 1 ? workerId : `${workerId}/${slot + 1}`));
  const running = Promise.all(owners.map(runSlot));
  return {
    wake: wakeAll,
    async stop(): Promise<void> {
      stopped = true;
      wakeAll();
      await running;
    },
  };
}

/** What a batch loop runs. */
export interface BatchLoopOptions<Item> {
  /** Names the loop's leases. */
  readonly workerId: string;
  /** The most items worked on at once. */
  readonly concurrency: number;
  readonly pollIntervalMs: number;
  /** Runs before each claim; resolves to true when it found work (then the loop does not sleep). */
  beforeClaim(): Promise<boolean>;
  /** Claims at most `limit` items as `owner`, all in one go. */
  claim(owner: string, limit: number): Promise<readonly Item[]>;
  /** Works on one claimed item, beside the others. */
  handle(item: Item, owner: string): Promise<void>;
  /** Called when a step rejects (a failing store must not end the loop): the items' leases run out and they are claimed again. */
  onError(error: unknown): void;
}

/**
 * Starts one claimer that claims as many items as it has free places (`concurrency` less the items
 * in hand) in one claim and works on them side by side. It claims again at once when an item is
 * done (its order's next event may be due) or when the claim filled every place; otherwise it
 * sleeps for the poll interval, or until `wake`.
 */
export function startBatchLoop<Item>(options: BatchLoopOptions<Item>): Slots {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer (got ${options.concurrency}).`);
  }
  const { workerId, concurrency, pollIntervalMs } = options;
  let stopped = false;
  const inHand = new Set<Promise<void>>();
  // A wake that comes while the claimer is busy ends its next sleep at once, so none is lost.
  let woken = false;
  let endSleep: (() => void) | undefined;
  function wake(): void {
    woken = true;
    endSleep?.();
  }
  function sleep(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        endSleep = undefined;
        woken = false;
        resolve();
      }
      endSleep = done;
    });
  }

  function work(item: Item): void {
    const working: Promise<void> = options
      .handle(item, workerId)
      .catch(options.onError)
      .finally(() => {
        inHand.delete(working);
        wake();
      });
    inHand.add(working);
  }

  async function run(): Promise<void> {
    while (!stopped) {
      let more = false;
      try {
        more = await options.beforeClaim();
        const free = concurrency - inHand.size;
        if (free > 0 && !stopped) {
          const claimed = await options.claim(workerId, free);
          for (const item of claimed) work(item);
          more ||= claimed.length === free;
        }
      } catch (error) {
        options.onError(error);
        more = false;
      }
      if (!stopped && (!more || inHand.size === concurrency)) await sleep(pollIntervalMs);
    }
    await Promise.all(inHand);
  }

  const running = run();
  return {
    wake,
    async stop(): Promise<void> {
      stopped = true;
      wake();
      await running;
    },
  };
}

/**
 * Calls `extend` every third of `leaseMs` until the returned function is called, so that no other
 * worker takes over an item that is merely slow. A beat the store fails is reported to `onError`
 * and tried again at the next; one that finds the lease gone changes nothing here: the attempt's
 * own writes then find it gone too.
 */
export function heartbeat(leaseMs: number, extend: () => Promise<unknown> | undefined, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    extend()?.catch(onError);
  }, leaseMs / HEARTBEATS_PER_LEASE);
  return () => clearInterval(timer);
}

/** The message of a thrown value, for logs. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
