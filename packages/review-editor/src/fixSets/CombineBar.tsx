/** The sidebar's "Combine into a set", with two or more suggestions selected (a set counts its members). */
import { defaultSetDescription } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import './fixSets.css';

export function CombineBar({ picked, onDone }: { picked: ReadonlySet<string>; onDone(): void }) {
  const controller = useController();
  const annotations = useReview((s) => s.annotations);
  const fixSets = useReview((s) => s.fixSets);
  const setById = new Map(fixSets.map((set) => [set.id, set]));
  const byId = new Map(annotations.map((a) => [a.id, a]));
  // Still there (a set may have been split, a suggestion deleted), in the order picked.
  const ids = [...picked].filter((id) => setById.has(id) || byId.get(id)?.kind === 'suggestion');
  const memberIds = ids.flatMap((id) => setById.get(id)?.members ?? [id]);
  if (memberIds.length < 2) return null;
  const combineThem = () => {
    const description = defaultSetDescription(memberIds.map((id) => byId.get(id)?.path ?? ''));
    const result = controller.store.getState().combineIntoSet(ids, description);
    if (result.ok) onDone();
    else controller.store.getState().showToast(`Cannot combine: ${result.problem}`);
  };
  return (
    <div className="annotation-combine" role="toolbar" aria-label="Selected suggestions">
      <span>{memberIds.length} suggestions selected</span>
      <button type="button" className="btn btn-small btn-primary" onClick={combineThem}>
        Combine into a set
      </button>
      <button type="button" className="btn btn-small btn-quiet" onClick={onDone}>
        Clear
      </button>
    </div>
  );
}
