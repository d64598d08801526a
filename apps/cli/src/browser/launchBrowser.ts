/**
 * Opens a file in the user's browser: the commands in $BROWSER first (a
 * colon-separated list; `%s` stands for the file, otherwise it is appended),
 * then the `open` package (xdg-open, open, start). Resolves to false when
 * nothing could be started; never throws.
 */
import { spawn } from 'node:child_process';

export async function launchBrowser(target: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const fromEnv = (env.BROWSER ?? '').split(':').map((command) => command.trim()).filter(Boolean);
  for (const command of fromEnv) {
    const words = command.split(/\s+/);
    const args = words.slice(1);
    const withTarget = args.some((arg) => arg.includes('%s')) ? args.map((arg) => arg.replaceAll('%s', target)) : [...args, target];
    if (await spawnDetached(words[0]!, withTarget)) return true;
  }
  try {
    const { default: open } = await import('open');
    await open(target);
    return true;
  } catch {
    return false;
  }
}

function spawnDetached(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
