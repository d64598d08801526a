/**
 * The review URL carries the session token, and a process's argv is visible
 * to every user on the machine. So the browser is never given the URL on its
 * command line: it opens a private HTML file (0600, in a 0700 temp dir) that
 * forwards to the URL, as Jupyter does.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeHtml } from '../html/escapeHtml.js';

export interface LauncherFile {
  path: string;
  remove(): Promise<void>;
}

export async function writeLauncherFile(url: string): Promise<LauncherFile> {
  const dir = await mkdtemp(join(tmpdir(), 'redline-open-'));
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
    async remove() {
      if (removed) return;
      removed = true;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
