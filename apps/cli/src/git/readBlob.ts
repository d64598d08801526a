/** The bytes of one blob from the object store, by an id taken from git's own diff output. */
import { RedlineError } from '../errors.js';
import { runGit } from './runGit.js';

export async function readBlob(cwd: string, oid: string, maxBytes: number): Promise<Buffer> {
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(oid)) throw new RedlineError('internal', `not an object id: ${oid}`);
  const result = await runGit(['cat-file', 'blob', oid], { cwd, maxBytes });
  return result.stdout;
}
