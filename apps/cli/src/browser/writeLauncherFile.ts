/**
 * The review URL carries the session token, and a process's argv is visible
 * to every user on the machine. So the browser is never given the URL on its
 * command line: it opens a private HTML file (0600, in a 0700 temp dir) that
 * forwards to the URL, as Jupyter does.
 */
import { lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeHtml } from '../html/escapeHtml.js';

/** The launcher's folder prefix in the temporary folder. */
const LAUNCHER_DIR_PREFIX = 'redline-open-';
/**
 * A launcher folder this old was left by a redline that was killed (SIGKILL
 * runs no cleanup): the browser read it long ago, if ever.
 */
export const STALE_LAUNCHER_AGE_MS = 10 * 60_000;

export interface LauncherFile {
  path: string;
  /**
   * Replaces the forward by a page that says the link was used (and holds no
   * link): a browser that reads the file only now, after another program
   * spent the link, shows why instead of a missing file.
   */
  retire(title: string, message: string): Promise<void>;
  remove(): Promise<void>;
}

export async function writeLauncherFile(url: string): Promise<LauncherFile> {
  const dir = await mkdtemp(join(tmpdir(), LAUNCHER_DIR_PREFIX));
  const path = join(dir, 'open-review.html');
  const escaped = escapeHtml(url);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${escaped}">
<title>Opening the review…</title></head>
<body><p>Opening the review… If nothing happens, <a href="${escaped}">open it here</a>.</p></body></html>
`;
  await writeFile(path, html, { mode: 0o600, flag: 'wx' });
  let removed = false;
  return {
    path,
    async retire(title, message) {
      if (removed) return;
      const notice = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>
`;
      await writeFile(path, notice, { mode: 0o600 }).catch(() => undefined);
    },
    async remove() {
      if (removed) return;
      removed = true;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Removes launcher folders that killed redlines left behind: ours (same
 * owner), older than STALE_LAUNCHER_AGE_MS, holding nothing but the
 * launcher file. Returns how many.
 */
export async function removeStaleLaunchers(now = Date.now(), dir = tmpdir()): Promise<number> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith(LAUNCHER_DIR_PREFIX));
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await lstat(path).catch(() => null);
    if (!info?.isDirectory() || now - info.mtimeMs < STALE_LAUNCHER_AGE_MS) continue;
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) continue;
    const inside = await readdir(path).catch(() => null);
    if (!inside || inside.some((entry) => entry !== 'open-review.html')) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
