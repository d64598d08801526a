/**
 * Follow the agent live: the working tree watched (chokidar) so a page that
 * follows the review hears of a change at once instead of on its next
 * poll. Started by the first page that waits (GET /api/freshness with
 * `wait`), stopped with the server. `.git` is not watched (reading the diff
 * refreshes the index, which would wake the waiters again), nor
 * `node_modules`; a staged change is still seen at the wait's end.
 * chokidar is loaded then, not when the CLI starts.
 */
import type { FSWatcher } from 'chokidar';

/** The folders never watched: git's own (reading the diff writes its index) and installed packages. */
function isIgnored(root: string, path: string): boolean {
  if (!path.startsWith(root)) return true;
  const parts = path.slice(root.length).split(/[\\/]/);
  return parts.includes('.git') || parts.includes('node_modules');
}

export class ChangeWatcher {
  private watcher: FSWatcher | null = null;
  private ready: Promise<void> | null = null;
  private waiters = new Set<() => void>();
  private stopped = false;

  constructor(private readonly root: string) {}

  /** Resolves on the next change under the root, or after `ms`; never rejects (a watcher that cannot start leaves the timeout). */
  async nextChange(ms: number): Promise<'changed' | 'timeout'> {
    if (this.stopped) return 'timeout';
    await this.start();
    return new Promise((resolve) => {
      const done = (outcome: 'changed' | 'timeout') => {
        clearTimeout(timer);
        this.waiters.delete(onChange);
        resolve(outcome);
      };
      const onChange = () => done('changed');
      const timer = setTimeout(() => done('timeout'), ms);
      this.waiters.add(onChange);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of [...this.waiters]) wake();
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close();
  }

  private start(): Promise<void> {
    this.ready ??= import('chokidar').then(
      ({ watch }) => {
        // Stopped while chokidar was loading: nothing to watch for.
        if (this.stopped) return;
        const watcher = watch(this.root, { ignoreInitial: true, ignored: (path) => isIgnored(this.root, path) });
        this.watcher = watcher;
        watcher.on('all', () => {
          for (const wake of [...this.waiters]) wake();
        });
        watcher.on('error', () => undefined);
        return new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
      },
      () => undefined,
    );
    return this.ready;
  }
}
