/** Sizes of objects by id, from one `git cat-file --batch-check` call. Missing objects are left out. */
import { runGit } from './runGit.js';

export async function readObjectSizes(cwd: string, oids: Iterable<string>): Promise<Map<string, number>> {
  const unique = [...new Set(oids)];
  const sizes = new Map<string, number>();
  if (unique.length === 0) return sizes;
  const result = await runGit(['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'], {
    cwd,
    input: unique.join('\n') + '\n',
  });
  for (const line of result.stdout.toString('utf8').split('\n')) {
    const [oid, type, size] = line.split(' ');
    if (oid && type && type !== 'missing' && size !== undefined) sizes.set(oid, Number(size));
  }
  return sizes;
}
