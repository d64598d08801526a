/**
 * Many objects in one `git cat-file --batch` run: each request is an object
 * name (`<commit>:round.json`, a blob id, …); each answer is its bytes, or
 * null when git says it is missing (or not a blob/tree, when `types` says so).
 */
import { runGit } from './runGit.js';

export interface BatchObject {
  type: string;
  bytes: Buffer;
}

export async function readObjectsBatch(cwd: string, names: readonly string[]): Promise<(BatchObject | null)[]> {
  if (names.length === 0) return [];
  // A name with a newline cannot go on the batch's input: it is missing.
  const safe = names.map((name) => (/[\n\r]/.test(name) ? '0000000000000000000000000000000000000000' : name));
  const { stdout } = await runGit(['cat-file', '--batch'], { cwd, input: safe.map((name) => `${name}\n`).join('') });
  const answers: (BatchObject | null)[] = [];
  let at = 0;
  for (let i = 0; i < names.length; i++) {
    const end = stdout.indexOf(0x0a, at);
    if (end < 0) break;
    const header = stdout.subarray(at, end).toString('utf8');
    at = end + 1;
    const match = /^[0-9a-f]+ (\S+) (\d+)$/.exec(header);
    if (!match) {
      answers.push(null); // "<name> missing" or "ambiguous"
      continue;
    }
    const size = Number(match[2]);
    answers.push({ type: match[1]!, bytes: stdout.subarray(at, at + size) });
    at += size + 1;
  }
  while (answers.length < names.length) answers.push(null);
  return answers;
}
