/** Each variant's own feedback export (the core's renderVariantFeedback), to copy for its agent; Send also writes each to .git/redline/compare/. */
import { renderVariantFeedback } from '@redline/core';
import { useCompare } from './compareContext.js';

export function VariantFeedback() {
  const data = useCompare((s) => s.data);
  if (data.kind !== 'ready') return null;
  return (
    <section className="compare-feedback" aria-label="Feedback per variant">
      <h3>Feedback per variant</h3>
      {data.value.variants.map((variant) => {
        const markdown = renderVariantFeedback(variant, variant.notes);
        return (
          <details key={variant.id}>
            <summary>{markdown.split('\n')[0]!.replace(/^# /, '')}</summary>
            <pre className="compare-feedback-text">{markdown}</pre>
            <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(markdown).catch(() => undefined)}>
              Copy {variant.id}&apos;s feedback
            </button>
          </details>
        );
      })}
    </section>
  );
}
