/**
 * The sidebar's fix sets: each set ONE item (its description, which the
 * reviewer edits, how many suggestions in how many files, "Overlap" when a
 * member overlaps another suggestion, as today's conflicts are flagged, and
 * Split), selectable for "Combine into a set" like a suggestion.
 */
import { fixSetOverlaps, oneLine, type FixSet } from '@redline/core';
import { useEffect, useMemo, useState } from 'react';
import { useController, useReview } from '../app/reviewContext.js';
import './fixSets.css';

export function FixSetList({ selected, onToggle }: { selected: ReadonlySet<string>; onToggle(id: string): void }) {
  const fixSets = useReview((s) => s.fixSets);
  const annotations = useReview((s) => s.annotations);
  const overlaps = useMemo(() => fixSetOverlaps(annotations, fixSets), [annotations, fixSets]);
  if (fixSets.length === 0) return null;
  const pathOf = new Map(annotations.map((a) => [a.id, a.path]));
  return (
    <section className="annotation-group fix-set-group" aria-label="Fix sets">
      <h3 className="annotation-group-title">Fix sets</h3>
      <ul>
        {fixSets.map((set) => (
          <FixSetItem key={set.id} set={set} files={new Set(set.members.map((m) => pathOf.get(m))).size} overlaps={overlaps.has(set.id)} selected={selected.has(set.id)} onToggle={onToggle} />
        ))}
      </ul>
    </section>
  );
}

function FixSetItem({ set, files, overlaps, selected, onToggle }: { set: FixSet; files: number; overlaps: boolean; selected: boolean; onToggle(id: string): void }) {
  const controller = useController();
  const size = `${set.members.length} suggestions in ${files} ${files === 1 ? 'file' : 'files'}`;
  return (
    <li className="annotation-item fix-set-item">
      <input type="checkbox" className="annotation-select" checked={selected} onChange={() => onToggle(set.id)} aria-label={`Select fix set: ${set.description}`} />
      <button type="button" className="annotation-jump" onClick={() => controller.jumpToAnnotation(set.members[0]!)}>
        <span className="annotation-item-top">
          <span className="badge badge-suggestion">Fix set</span> <span className="annotation-anchor">{size}</span>
          {overlaps ? (
            <>
              {' '}
              <span className="chip chip-danger">Overlap</span>
            </>
          ) : null}
        </span>
      </button>
      <DescriptionField set={set} />
      <span className="annotation-item-actions">
        <button type="button" className="btn btn-small btn-quiet" aria-label={`Split fix set: ${set.description}`} onClick={() => controller.store.getState().splitSet(set.id)}>
          Split
        </button>
      </span>
    </li>
  );
}

/** The set's one line, kept when the field is left or Enter is pressed (empty: the description stays). */
function DescriptionField({ set }: { set: FixSet }) {
  const controller = useController();
  const [text, setText] = useState(set.description);
  useEffect(() => setText(set.description), [set.description]);
  const keep = () => {
    if (oneLine(text) === '') setText(set.description);
    else controller.store.getState().describeSet(set.id, text);
  };
  return (
    <input
      type="text"
      className="fix-set-description-input"
      aria-label={`Description of fix set ${set.id}`}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={keep}
      onKeyDown={(event) => {
        if (event.key === 'Enter') keep();
      }}
    />
  );
}
