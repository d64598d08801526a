/**
 * Opens the review in the reviewer's browser: a private launcher file holds
 * the tokened URL, the browser gets only the file's path. Every launch of a
 * session is kept here, so that once a link is spent each launcher is
 * retired (it then says who spent the link and when, and holds no link) and
 * removed when the review ends.
 */
import { launchBrowser } from '../../browser/launchBrowser.js';
import { removeStaleLaunchers, writeLauncherFile } from '../../browser/writeLauncherFile.js';
import { spentLinkNotice } from '../../server/link/spentLinkNotice.js';
import type { LinkSpend } from '../../server/link/linkSpender.js';

/**
 * A launcher is removed at the latest this long after the browser was
 * started (and when the review ends): it reads the file at once, and a file
 * left to the end of a long review (or of a redline killed with SIGKILL) is
 * a copy of the link on disk.
 */
export const LAUNCHER_LIFETIME_MS = 60_000;

export interface BrowserLaunch {
  opened: boolean;
  /** The link was spent: the launcher stops forwarding and says so. */
  retire(spend: LinkSpend): Promise<void>;
  dispose(): Promise<void>;
}

export async function openReviewInBrowser(url: string, env: NodeJS.ProcessEnv): Promise<BrowserLaunch> {
  await removeStaleLaunchers();
  const launcher = await writeLauncherFile(url);
  const opened = await launchBrowser(launcher.path, env);
  const timer = setTimeout(() => void launcher.remove(), LAUNCHER_LIFETIME_MS);
  timer.unref();
  return {
    opened,
    retire: (spend) => {
      const notice = spentLinkNotice(spend);
      return launcher.retire(notice.title, notice.message);
    },
    dispose: () => {
      clearTimeout(timer);
      return launcher.remove();
    },
  };
}

/** The launches of one review session. */
export class BrowserLaunches {
  private readonly launches: BrowserLaunch[] = [];

  constructor(private readonly launch: (url: string) => Promise<BrowserLaunch>) {}

  /** Opens a link in the browser; false when no browser could be started. */
  async open(url: string): Promise<boolean> {
    const launch = await this.launch(url);
    this.launches.push(launch);
    return launch.opened;
  }

  /** A link was spent: every launcher so far stops forwarding. */
  async retireAll(spend: Promise<LinkSpend>): Promise<void> {
    const spent = await spend;
    await Promise.all(this.launches.map((launch) => launch.retire(spent)));
  }

  async disposeAll(): Promise<void> {
    await Promise.all(this.launches.splice(0).map((launch) => launch.dispose()));
  }
}
