/**
 * Lines up the patch's sections with the `--raw -z` entries of the same git
 * run, so each file's counts, binary flag and new blob id come from the one
 * patch stream. Both are in git's queue order; an entry is matched by the
 * exact `diff --git` line git writes for its paths. An entry may have no
 * section (with -w, a file whose changes are all whitespace), and a type
 * change between a file and a symlink has two (a deletion and a creation).
 * Anything else (a section left over, an unmerged entry) returns null, and
 * the caller asks git for the counts instead: a wrong count is never made up.
 */
import { gitDiffHeader } from '../patch/gitDiffHeader.js';
import type { PatchSection } from '../patch/patchSectionScanner.js';
import type { RawEntry } from './parseRawZ.js';

export interface EntryPatchFacts {
  additions: number;
  deletions: number;
  binary: boolean;
  /** How many sections the entry has in the patch (0, 1, or 2 for a type change). */
  sections: number;
  /** The new side's blob id from the patch's index line, when it has one. */
  newBlob: string | null;
  /** The new side's mode from a `new file mode`/`new mode` line, when it has one. */
  newMode: string | null;
}

export function pairPatchSections(entries: readonly RawEntry[], sections: readonly PatchSection[]): EntryPatchFacts[] | null {
  const paired: EntryPatchFacts[] = [];
  let next = 0;
  for (const entry of entries) {
    // An unmerged path (`git diff --cached` during a conflict) is printed as "* Unmerged path", not as a section.
    if (entry.status === 'U') return null;
    const header = gitDiffHeader(entry.oldPath ?? entry.path, entry.path);
    const facts: EntryPatchFacts = { additions: 0, deletions: 0, binary: false, sections: 0, newBlob: null, newMode: null };
    while (next < sections.length && sections[next]!.header === header) {
      const section = sections[next++]!;
      facts.additions += section.additions;
      facts.deletions += section.deletions;
      facts.binary ||= section.binary;
      facts.newBlob = section.newBlob ?? facts.newBlob;
      facts.newMode = section.newMode ?? facts.newMode;
      facts.sections++;
    }
    paired.push(facts);
  }
  return next === sections.length ? paired : null;
}
