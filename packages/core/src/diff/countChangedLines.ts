/** The totals of a set of files' changed lines, as the review's overview shows them. */
export function countChangedLines(files: readonly { additions: number; deletions: number }[]): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const file of files) {
    additions += file.additions;
    deletions += file.deletions;
  }
  return { additions, deletions };
}
