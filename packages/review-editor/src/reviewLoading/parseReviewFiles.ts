/**
 * Turns the server's ReviewData into ReviewFiles: parses the patch with
 * Pierre, cuts it into per-file sections, and joins each parsed file to its
 * FileFacts by path (falling back to position, then to facts read from the
 * patch itself, so a file is never dropped from view), in the one file order
 * (`sortByFileOrder`: the tree's), which the diff, `j`/`k` and the Comments
 * tab then follow.
 */
import { parsePatchFiles, type FileDiffMetadata } from '@pierre/diffs';
import { fileMove, firstNewLines, isGeneratedFile, isLargeDiff, isModeOnly, isRenameOnly, sortByFileOrder, splitPatchSections, type FileFacts, type FileStatus, type ReviewData } from '@redline/core';
import type { ReviewFile } from './reviewFile.js';
import { asWholeFile } from '../diff/fileEndShown.js';

/** `cacheKeyPrefix`: Pierre keys each parsed file by its position under it, so each page of a paged review has its own (pagedReviewFiles.ts). */
export function parseReviewFiles(review: Pick<ReviewData, 'patch' | 'files' | 'fingerprint'>, cacheKeyPrefix = review.fingerprint.slice(0, 16)): ReviewFile[] {
  const diffs = withPassThroughStringDetach(() =>
    parsePatchFiles(review.patch, { cacheKeyPrefix }),
  ).flatMap((parsed) => parsed.files);
  const sections = splitPatchSections(review.patch);
  const factsByPath = new Map(review.files.map((facts) => [facts.path, facts]));
  const used = new Set<FileFacts>();
  const out: ReviewFile[] = [];

  diffs.forEach((fileDiff, i) => {
    let facts = factsByPath.get(fileDiff.name);
    if (!facts || used.has(facts)) {
      const byPosition = review.files[i];
      facts = byPosition && !used.has(byPosition) && diffs.length === review.files.length ? byPosition : factsFromDiff(fileDiff);
    }
    used.add(facts);
    out.push(toReviewFile(facts, fileDiff, sections[i] ?? '', out.length));
  });
  // Facts the patch did not mention still get a row (and say so).
  for (const facts of review.files) {
    if (used.has(facts)) continue;
    out.push(toReviewFile(facts, emptyDiff(facts, review.fingerprint), '', out.length));
  }
  return sortByFileOrder(out, (file) => file.path).map((file, index) => ({ ...file, index }));
}

/** `loading`: the file's section has not arrived (a paged review): its lines are guessed from its counts. */
export function toReviewFile(facts: FileFacts, fileDiff: FileDiffMetadata, patchSection: string, index: number, loading = false): ReviewFile {
  const hasLines = loading ? facts.additions + facts.deletions > 0 : fileDiff.hunks.length > 0;
  const changed = facts.additions + facts.deletions;
  return {
    id: facts.path,
    index,
    path: facts.path,
    oldPath: facts.oldPath,
    status: facts.status,
    facts,
    fileDiff: asWholeFile(fileDiff),
    patchSection,
    additions: facts.additions,
    deletions: facts.deletions,
    binary: facts.binary,
    modeOnly: isModeOnly(facts, hasLines),
    renameOnly: isRenameOnly(facts, hasLines),
    generated: isGeneratedFile(facts.path, firstNewLines(patchSection)),
    large: isLargeDiff(changed, patchSection.length),
    loading,
  };
}

const STATUS_BY_TYPE: Record<FileDiffMetadata['type'], FileStatus> = {
  change: 'modified',
  'rename-pure': 'renamed',
  'rename-changed': 'renamed',
  new: 'added',
  deleted: 'deleted',
};

/** Facts recovered from the patch when the server's list has no entry for a file. */
function factsFromDiff(fileDiff: FileDiffMetadata): FileFacts {
  let additions = 0;
  let deletions = 0;
  for (const hunk of fileDiff.hunks) {
    additions += hunk.additionLines;
    deletions += hunk.deletionLines;
  }
  const status = STATUS_BY_TYPE[fileDiff.type];
  return {
    path: fileDiff.name,
    ...fileMove(status, fileDiff.prevName ?? null, null),
    binary: false,
    oldMode: status === 'added' ? null : (fileDiff.prevMode ?? fileDiff.mode ?? null),
    newMode: status === 'deleted' ? null : (fileDiff.mode ?? null),
    oldBlob: null,
    newBlob: null,
    oldSize: null,
    newSize: null,
    additions,
    deletions,
    symlink: fileDiff.mode === '120000',
    submodule: fileDiff.mode === '160000',
  };
}

/** A file without lines (the patch did not mention it; a round pair did not change it). */
export function emptyDiff(facts: FileFacts, fingerprint: string): FileDiffMetadata {
  const type: FileDiffMetadata['type'] =
    facts.status === 'added' ? 'new' : facts.status === 'deleted' ? 'deleted' : facts.oldPath ? 'rename-pure' : 'change';
  return {
    name: facts.path,
    ...(facts.oldPath ? { prevName: facts.oldPath } : {}),
    type,
    hunks: [],
    splitLineCount: 0,
    unifiedLineCount: 0,
    isPartial: true,
    deletionLines: [],
    additionLines: [],
    deletionCharacterCount: 0,
    additionCharacterCount: 0,
    cacheKey: `empty:${fingerprint.slice(0, 16)}:${facts.path}`,
  };
}

/**
 * Pierre copies every parsed line through TextEncoder + TextDecoder
 * ("detaching" it from the patch string, so the patch could be garbage
 * collected). Redline keeps the patch for the whole review anyway
 * (ReviewData.patch), so the copies buy nothing, and they are 80% of the
 * parse: 1.0 s of 1.3 s for a 2,000-file, 320,000-line patch. While the
 * (synchronous) parse runs, encode/decode hand the string through untouched.
 * parseReviewFiles.test.ts checks the result is identical to a plain parse.
 */
export function withPassThroughStringDetach<T>(run: () => T): T {
  const encoder = TextEncoder.prototype;
  const decoder = TextDecoder.prototype;
  const { encodeInto } = encoder;
  const { decode } = decoder;
  let pending: string | null = null;
  encoder.encodeInto = function (source: string) {
    pending = source;
    return { read: source.length, written: 0 };
  };
  decoder.decode = function (this: TextDecoder, ...args: Parameters<TextDecoder['decode']>) {
    if (pending === null) return decode.apply(this, args);
    const text = pending;
    pending = null;
    return text;
  };
  try {
    return run();
  } finally {
    encoder.encodeInto = encodeInto;
    decoder.decode = decode;
  }
}
