/**
 * A file header's pairing control (manualPairs.ts): on a deleted file,
 * "Compare with an added file…" listing the review's added files, the
 * likeliest first; on a file the reviewer paired, "Paired by you" and
 * "Unpair". The list is ranked when the reviewer goes to the control
 * (focus, or a press on it), not as the header is drawn: headers are
 * drawn again as the diff scrolls, and ranking compares the deleted file's
 * lines with every added file's (on L, 430 ms of a scroll to the end).
 */
import { useState } from 'react';
import { useController, useReview } from '../app/reviewContext.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { hasPairCandidates, pairCandidates, pairFiles, unpairFile } from './manualPairs.js';

export function PairControl({ file }: { file: ReviewFile }) {
  const controller = useController();
  const files = useReview((s) => s.files);
  const reloading = useReview((s) => s.reloading);
  const [ranked, setRanked] = useState<{ files: readonly ReviewFile[]; file: ReviewFile; list: ReviewFile[] } | null>(null);
  const candidates = ranked?.files === files && ranked.file === file ? ranked.list : null;
  const rank = () => {
    if (candidates === null) setRanked({ files, file, list: pairCandidates(files, file) });
  };
  if (file.facts.status === 'renamed' && file.facts.pairedByReviewer) {
    const from = file.facts.oldPath;
    return (
      <>
        <span className="chip chip-shortens" title={`${from} → ${file.path}: paired by you (git did not find them alike); the export says so`}>
          <span className="long-words">Paired by you</span>
          <span className="short-words">Paired</span>
        </span>
        <button type="button" className="btn btn-small" disabled={reloading} aria-label={`Unpair ${from} and ${file.path}`} onClick={() => void unpairFile(controller, file.path)}>
          Unpair
        </button>
      </>
    );
  }
  if (file.facts.status !== 'deleted' || !hasPairCandidates(files)) return null;
  return (
    <select
      onFocus={rank}
      onPointerDown={rank}
      className="input pair-select"
      aria-label={`Compare ${file.path} with an added file`}
      title="Show this deleted file and an added one as one renamed file, with its diff"
      value=""
      disabled={reloading}
      onChange={(event) => {
        if (event.target.value !== '') void pairFiles(controller, file.path, event.target.value);
      }}
    >
      <option value="">Compare with an added file…</option>
      {(candidates ?? []).map((candidate) => (
        <option key={candidate.path} value={candidate.path}>
          {candidate.path}
        </option>
      ))}
    </select>
  );
}
