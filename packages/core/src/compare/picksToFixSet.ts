/**
 * The reviewer's picks as ONE change to the target (docs/cli.md#compare-several-attempts):
 * each picked file's new text (`pickedText`) against the target's text now,
 * derived by `deriveFixSet`, so the picks are ordinary suggestions bound to
 * the target's revision and `redline apply`'s path applies them all or
 * nothing. A file the target lacks, one a pick deletes, or one whose
 * final newline the picks would add or take away is a problem: suggestions
 * change lines of files that exist, and the end of the file is apply's
 * (docs/apply.md).
 */
import { deriveFixSet, type DerivedChange, type DerivedSetWords, type SessionFile } from '../fixSets/deriveFixSet.js';
import { pickedText, type VariantPick, type PickTexts } from './pickedText.js';

/** One picked file: its picks, the texts they are made from, and the target's text and revision (sha256 of its bytes; null: the target lacks it). */
export interface PickedFile {
  path: string;
  picks: readonly VariantPick[];
  texts: PickTexts;
  target: { text: string; revision: string } | null;
}

export type PicksChange = { ok: true; change: DerivedChange } | { ok: false; problems: string[] };

export function picksToFixSet(files: readonly PickedFile[], words: DerivedSetWords): PicksChange {
  const problems: string[] = [];
  const session: SessionFile[] = [];
  for (const file of files) {
    const picked = pickedText(file.path, file.picks, file.texts);
    if (!picked.ok) problems.push(picked.problem);
    else if (file.target === null) problems.push(`${file.path}: the target has no such file; a pick applies to a file the target holds`);
    else if (picked.text === null) problems.push(`${file.path}: the pick deletes the file; a pick changes lines of a file, so delete it by hand`);
    else if (finalNewlineDiffers(picked.text, file.target.text)) problems.push(`${file.path}: the picked text ${endsInNewline(picked.text) ? 'ends in' : 'lacks'} a final newline where the target's text ${endsInNewline(file.target.text) ? 'ends in one' : 'lacks one'}; apply keeps the target's end of file, so pick the whole file from a variant that agrees with the target there`);
    else session.push({ path: file.path, before: file.target.text, after: picked.text, revision: file.target.revision });
  }
  if (problems.length > 0) return { ok: false, problems };
  const { fallback: _fallback, ...change } = deriveFixSet(session, words);
  return { ok: true, change };
}

function endsInNewline(text: string): boolean {
  return text.endsWith('\n');
}

/** Whether the picked text ends otherwise than apply would end it: as the target does, or, in an empty target, with a newline. */
function finalNewlineDiffers(picked: string, target: string): boolean {
  if (picked === '') return false;
  return endsInNewline(picked) !== (target === '' || endsInNewline(target));
}
