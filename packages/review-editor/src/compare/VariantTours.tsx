/**
 * Each variant's own agent's tour of its attempt (`redline annotate --variant B`
 * with a tour), read-only: its title and its steps in order, each a link that
 * opens the step's file in the comparison. The agent's words, never a review act.
 */
import { lineSpanWords, type CompareData, type TourStep } from '@redline/core';
import { useCompare } from './compareContext.js';

export function VariantTours() {
  const data = useCompare((s) => s.data);
  const set = useCompare((s) => s.set);
  if (data.kind !== 'ready') return null;
  const toured = data.value.variants.filter((variant) => variant.tour !== null);
  if (toured.length === 0) return null;
  return (
    <section className="compare-tours" aria-label="Each agent's tour">
      <h3>Each agent's tour</h3>
      {toured.map((variant) => (
        <details key={variant.id} open>
          <summary>
            {variant.id} · {variant.name}: {variant.tour!.title}
          </summary>
          <ol>
            {variant.tour!.steps.map((step, i) => (
              <li key={i}>
                <button type="button" className="compare-file-link" onClick={() => set({ file: rowOf(data.value, variant.id, step) })}>
                  {stepWhere(step)}
                </button>
                <span className="compare-comment-text">{step.text}</span>
              </li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}

/** "src/sum.js, lines 2-4" (old side said). */
export function stepWhere(step: TourStep): string {
  return `${step.path}, ${step.side === 'old' ? 'old ' : ''}${lineSpanWords({ startLine: step.lines.start, endLine: step.lines.end })}`;
}

/** The overview row holding the variant's file (a row is keyed by the base path; a renamed file's step names the variant's). */
function rowOf(data: CompareData, variantId: string, step: TourStep): string {
  const index = data.variants.findIndex((v) => v.id === variantId);
  return data.rows.find((row) => row.touched[index]?.path === step.path)?.key ?? step.path;
}
