/**
 * The texts an export's suggestions were made on, found in the rounds
 * recorded in the repository (refs/redline/*, docs/rounds.md): each round's
 * state tree holds every file as it was reviewed, so a suggestion's revision
 * (the sha256 of its file's bytes) is one of them. With its text, `planApply`
 * follows the suggestion's lines through a line diff to the file now,
 * however far they moved. Read-only: `for-each-ref`, `rev-list` and one
 * `cat-file --batch`; a repository without rounds costs one git run. A
 * revision found nowhere is simply not in the map (the line by line rules
 * decide, as before).
 */
import { runGitText } from '../../git/runGit.js';
import { readObjectsBatch } from '../../git/readObjectsBatch.js';
import { decodeUtf8 } from '../../files/readTextFile.js';
import { sha256Bytes } from '../../files/sha256Bytes.js';
import type { Suggestion } from './core.js';

export async function readReviewedTexts(root: string, suggestions: readonly Suggestion[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const wanted = new Set(suggestions.map((s) => s.revision).filter((r): r is string => r !== null));
  if (wanted.size === 0) return texts;
  const tips = (await runGitText(['for-each-ref', '--format=%(objectname)', 'refs/redline/'], { cwd: root })).split('\n').filter((line) => line !== '');
  if (tips.length === 0) return texts;
  // Round commits have only rounds for parents, so this walks the rounds alone (the agent's acts chain too, which has no state).
  const commits = (await runGitText(['rev-list', ...new Set(tips)], { cwd: root })).split('\n').filter((line) => line !== '');
  const paths = [...new Set(suggestions.map((s) => s.path))];
  const names = commits.flatMap((commit) => paths.map((path) => `${commit}:state/${path}`));
  for (const object of await readObjectsBatch(root, names)) {
    if (object?.type !== 'blob') continue;
    const sha = sha256Bytes(object.bytes);
    if (!wanted.has(sha) || texts.has(sha)) continue;
    const text = decodeUtf8(object.bytes);
    if (text !== null) texts.set(sha, text);
  }
  return texts;
}
