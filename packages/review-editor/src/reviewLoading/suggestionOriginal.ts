/**
 * The lines a suggestion replaces, and the revision that proves them: read
 * from the file as the server serves it (its sha256 becomes the
 * suggestion's revision) when those lines agree with the diff; failing
 * that, from the diff itself, without a revision. The reviewer's own
 * suggestions and the agent's accepted ones take their revision here, so
 * `redline apply` places both the same way (000: a suggestion is bound to
 * the revision it was made on; with none it is refused).
 */
import { gitLines, lineWithoutBom, linesToCode } from '@redline/core';
import { ApiRequestError } from '../api/apiClient.js';
import { diffLinesInRange } from './diffLines.js';
import type { FileContentsService } from './fileContents.js';
import type { ReviewFile } from './reviewFile.js';

export interface SuggestionOriginal {
  /** The new side's lines, LF-joined. */
  code: string;
  /** sha256 of the served file; absent when the lines came from the diff alone. */
  revision?: string;
}

export async function suggestionOriginal(contents: FileContentsService, file: ReviewFile, range: { startLine: number; endLine: number }): Promise<SuggestionOriginal | null> {
  const { startLine, endLine } = range;
  const fromDiff = diffLinesInRange(file.fileDiff, 'new', startLine, endLine);
  try {
    const data = await contents.fetchContents(file.path);
    if (data.new) {
      // The line numbers came from git's diff: slice git's lines, not the file-text view.
      const lines = gitLines(data.new.contents)
        .slice(startLine - 1, endLine)
        .map((line, i) => lineWithoutBom(line, startLine + i));
      const consistent = fromDiff === null || fromDiff.every((line, i) => line === lines[i]);
      if (lines.length === endLine - startLine + 1 && consistent) return { code: linesToCode(lines), revision: data.new.sha256 };
    }
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
  }
  return fromDiff ? { code: linesToCode(fromDiff) } : null;
}
