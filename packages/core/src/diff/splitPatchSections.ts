/**
 * Cuts a git patch into its per-file sections (each starting at a
 * `diff --git` line), in order. The text before the first section (a commit
 * message in a format-patch file) belongs to no file and is dropped.
 *
 * A section's text is what a file's "viewed" fingerprint hashes: when any
 * byte of a file's diff changes, its viewed mark no longer applies.
 */
export function splitPatchSections(patch: string): string[] {
  // The last patch cut is remembered: the server's first screen and the review
  // in pages (docs/design/reviewInPages.md) cut the same reading, 79 MB on XL.
  if (last !== null && last.patch === patch) return [...last.sections];
  const sections = cutSections(patch);
  last = { patch, sections };
  return [...sections];
}

let last: { patch: string; sections: readonly string[] } | null = null;

function cutSections(patch: string): string[] {
  const sections: string[] = [];
  let start = patch.startsWith('diff --git ') ? 0 : patch.indexOf('\ndiff --git ');
  if (start < 0) return sections;
  if (start > 0) start += 1;
  for (;;) {
    const next = patch.indexOf('\ndiff --git ', start);
    if (next < 0) {
      sections.push(patch.slice(start));
      return sections;
    }
    sections.push(patch.slice(start, next + 1));
    start = next + 1;
  }
}
