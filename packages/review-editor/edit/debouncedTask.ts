/**
 * A trailing debounce with a maximum wait: `schedule()` runs the task `wait`
 * ms after the last call, but never later than `maxWait` ms after the first
 * call of a burst. So the HUD's change count settles quickly after a pause
 * and still moves during sustained typing (a plain debounce would freeze it
 * until the reviewer stops).
 *
 * `maxWait` may be a function: it is read at the first call of each burst, so
 * the caller can choose per burst (the count waits for a pause, `Infinity`,
 * where running it costs the reviewer a key's frame).
 */
export interface DebouncedTask {
  schedule(): void;
  /** Runs a pending task now. */
  flush(): void;
  cancel(): void;
  readonly pending: boolean;
}

export function createDebouncedTask(run: () => void, { wait, maxWait }: { wait: number; maxWait: number | (() => number) }): DebouncedTask {
  const maxWaitOf = typeof maxWait === 'function' ? maxWait : () => maxWait;
  const checked = (value: number) => {
    if (!(wait >= 0) || !(value >= wait)) throw new RangeError(`createDebouncedTask: need 0 <= wait <= maxWait, got wait ${wait}, maxWait ${value}`);
    return value;
  };
  if (typeof maxWait === 'number') checked(maxWait);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let burstStart = 0;
  let burstMaxWait = 0;

  const fire = () => {
    timer = null;
    run();
  };
  return {
    schedule() {
      const now = Date.now();
      if (timer === null) {
        burstStart = now;
        burstMaxWait = checked(maxWaitOf());
      } else clearTimeout(timer);
      const delay = Math.max(0, Math.min(wait, burstStart + burstMaxWait - now));
      timer = setTimeout(fire, delay);
    },
    flush() {
      if (timer === null) return;
      clearTimeout(timer);
      fire();
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    get pending() {
      return timer !== null;
    },
  };
}
