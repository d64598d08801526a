/** Opens the review: a private launcher file holds the tokened URL, the browser gets only the file's path. */
import { launchBrowser } from '../../browser/launchBrowser.js';
import { writeLauncherFile } from '../../browser/writeLauncherFile.js';

export async function openReviewInBrowser(url: string, env: NodeJS.ProcessEnv): Promise<{ opened: boolean; dispose(): Promise<void> }> {
  const launcher = await writeLauncherFile(url);
  const opened = await launchBrowser(launcher.path, env);
  return { opened, dispose: () => launcher.remove() };
}
