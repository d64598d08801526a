/**
 * The `diff --git` line for a file pair, quoted as git prints it with
 * `core.quotepath=false` (how redline runs git): the core's quoteGitPath.
 */
import { quoteGitPath } from '@redline/core';

/** The `diff --git` line git writes for a file pair (paths exactly as in `--raw -z`). */
export function gitDiffHeader(oldPath: string, newPath: string): string {
  const quote = (name: string) => quoteGitPath(name, { quotepath: false });
  return `diff --git ${quote(`a/${oldPath}`)} ${quote(`b/${newPath}`)}`;
}
