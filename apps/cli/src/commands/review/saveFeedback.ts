/** Keeps a copy of sent feedback: `<state dir>/reviews/<timestamp>.md` and `.json`. */
import { join } from 'node:path';
import { writeFileAtomic } from '../../files/writeFileAtomic.js';

/** `2025-11-29T15-38-00-123Z`: sortable and valid on every filesystem. */
export function reviewTimestamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

export async function saveReviewCopies(stateDir: string, markdown: string, json: string, date = new Date()): Promise<string> {
  const base = join(stateDir, 'reviews', reviewTimestamp(date));
  await writeFileAtomic(`${base}.md`, markdown);
  await writeFileAtomic(`${base}.json`, json);
  return `${base}.md`;
}
