/**
 * Where the agent commands look for the repository's review session: the
 * state directory a review of `--repo DIR` (or the current directory) would
 * use, `<git dir>/redline`, or outside any repository the private one of
 * patch reviews.
 */
import { join, resolve } from 'node:path';
import { findRepository } from '../git/findRepository.js';
import { privateStateDir } from '../review/createReviewSource.js';

export async function findStateDir(cwd: string, repo: string | null): Promise<string> {
  const repository = await findRepository(resolve(cwd, repo ?? '.')).catch((error: unknown) => {
    if (repo !== null) throw error;
    return null;
  });
  return repository ? join(repository.gitDir, 'redline') : privateStateDir();
}
