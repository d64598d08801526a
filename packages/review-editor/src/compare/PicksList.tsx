/** The picks so far, each with Remove, and "Apply picks to <target>" with what it did or why not. */
import type { CompareData, VariantPick } from '@redline/core';
import { useCompare, useCompareService } from './compareContext.js';

export function PicksList() {
  const data = useCompare((s) => s.data);
  const picks = useCompare((s) => s.picks);
  const apply = useCompare((s) => s.apply);
  const service = useCompareService();
  if (data.kind !== 'ready') return null;
  const { target } = data.value;
  return (
    <section className="compare-picks" aria-label="Picks">
      <h3>Picks</h3>
      {picks.length === 0 ? (
        <p className="compare-note">Nothing picked yet: take a file or a hunk from a variant.</p>
      ) : (
        <ul>
          {picks.map((pick, i) => (
            <li key={i}>
              <span>{pickWords(pick, data.value)}</span>
              <button type="button" className="btn btn-small" aria-label={`Remove ${pickWords(pick, data.value)}`} onClick={() => void service.take(pick)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-primary" disabled={target === null || picks.length === 0 || apply.kind === 'applying'} onClick={() => void service.apply()}>
        {target === null ? 'No target worktree (redline compare --target PATH)' : `Apply picks to ${target.name}`}
      </button>
      <ApplyOutcome />
    </section>
  );
}

function ApplyOutcome() {
  const apply = useCompare((s) => s.apply);
  switch (apply.kind) {
    case 'idle':
      return null;
    case 'applying':
      return <p className="compare-note">Applying…</p>;
    case 'failed':
      return (
        <p className="compare-outcome failed" role="alert">
          {apply.message}
        </p>
      );
    case 'applied': {
      const { written, target } = apply.result;
      return (
        <p className="compare-outcome applied" role="status">
          {written.length === 0 ? `Nothing to change in ${target}.` : `Applied to ${target}: ${written.join(', ')}.`}
        </p>
      );
    }
  }
}

function pickWords(pick: VariantPick, data: CompareData): string {
  const name = data.variants.find((v) => v.id === pick.variant)?.name ?? pick.variant;
  if (pick.kind === 'file') return `${pick.path}: the whole file from ${pick.variant} (${name})`;
  const { oldStart, oldLines, newStart, newLines } = pick.hunk;
  return `${pick.path}: the hunk @@ -${oldStart},${oldLines} +${newStart},${newLines} @@ from ${pick.variant} (${name})`;
}
