/**
 * Why a file's contents cannot be served (nor edited), known from its facts
 * alone, before any byte is read: the server refuses `/api/file` by this
 * rule, and the page's Edit button predicts that refusal by the same one.
 * The refusals only a read can tell (not UTF-8, changed on disk, not a
 * regular file) are the server's to find.
 */
import { MAX_EDITABLE_BYTES } from './api.js';
import type { FileFacts } from './types.js';

export type FileFactsRefusal = { code: 'submodule' | 'symlink' | 'binary' } | { code: 'too-large'; size: number };

export function refusalFromFileFacts(
  facts: Pick<FileFacts, 'submodule' | 'symlink' | 'binary' | 'oldSize' | 'newSize'>,
): FileFactsRefusal | null {
  if (facts.submodule) return { code: 'submodule' };
  if (facts.symlink) return { code: 'symlink' };
  if (facts.binary) return { code: 'binary' };
  const size = Math.max(facts.oldSize ?? 0, facts.newSize ?? 0);
  return size > MAX_EDITABLE_BYTES ? { code: 'too-large', size } : null;
}
