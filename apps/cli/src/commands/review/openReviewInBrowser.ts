/** Opens the review: a private launcher file holds the tokened URL, the browser gets only the file's path. */
import { launchBrowser } from '../../browser/launchBrowser.js';
import { removeStaleLaunchers, writeLauncherFile } from '../../browser/writeLauncherFile.js';

/**
 * The launcher is removed once the link is spent (dispose), on Ctrl-C and
 * SIGTERM, and at the latest this long after the browser was started: it
 * reads the file at once, and a file left to the end of a long review (or
 * of a redline killed with SIGKILL) is a copy of the link on disk.
 */
export const LAUNCHER_LIFETIME_MS = 60_000;

export async function openReviewInBrowser(url: string, env: NodeJS.ProcessEnv): Promise<{ opened: boolean; dispose(): Promise<void> }> {
  await removeStaleLaunchers();
  const launcher = await writeLauncherFile(url);
  const opened = await launchBrowser(launcher.path, env);
  const timer = setTimeout(() => void launcher.remove(), LAUNCHER_LIFETIME_MS);
  timer.unref();
  return {
    opened,
    dispose: () => {
      clearTimeout(timer);
      return launcher.remove();
    },
  };
}
