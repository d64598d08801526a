import type { ReviewFile } from '../reviewLoading/reviewFile.js';

const MARKDOWN_PATH = /\.(?:md|markdown|mdown|mkd)$/i;

/** A text file with lines, named as markdown (MDX is JSX, not CommonMark: not offered). */
export function isMarkdownFile(file: ReviewFile): boolean {
  return MARKDOWN_PATH.test(file.path) && !file.binary && !file.facts.symlink && !file.facts.submodule;
}
