/**
 * A trailing debounce with a maximum wait: `schedule()` runs the task `wait`
 * ms after the last call, but never later than `maxWait` ms after the first
 * call of a burst. So the HUD's change count settles quickly after a pause
 * and still moves during sustained typing (a plain debounce would freeze it
 * until the reviewer stops).
 */
export interface DebouncedTask {
  schedule(): void;
  /** Runs a pending task now. */
  flush(): void;
  cancel(): void;
  readonly pending: boolean;
}

export function createDebouncedTask(run: () => void, { wait, maxWait }: { wait: number; maxWait: number }): DebouncedTask {
  if (!(wait >= 0) || !(maxWait >= wait)) throw new RangeError(`createDebouncedTask: need 0 <= wait <= maxWait, got wait ${wait}, maxWait ${maxWait}`);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let burstStart = 0;

  const fire = () => {
    timer = null;
    run();
  };
  return {
    schedule() {
      const now = Date.now();
      if (timer === null) burstStart = now;
      else clearTimeout(timer);
      const delay = Math.max(0, Math.min(wait, burstStart + maxWait - now));
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
