/** One annotation, inline under its lines: text, suggested change, flags, Edit and Delete. */
import { describeAnchor } from './annotationOps.js';
import { ComposerForm } from '../composer/ComposerForm.js';
import { overlapsOf } from './overlapsOf.js';
import { useController, useReview } from '../app/reviewContext.js';
import { SuggestionDiff } from './SuggestionDiff.js';
import { TextWithChips } from '../ui/TextWithChips.js';
import { ProposalProvenance } from '../proposals/ProposalCard.js';
import { Markdown } from '../markdown/Markdown.js';
import { Suspense } from 'react';
import { FixSetMembership } from '../app/lazyPanels.js';
import { setPlaces } from '../fixSets/fixSetOps.js';
import { LabelChip } from './LabelChip.js';

export function AnnotationCard({ id }: { id: string }) {
  const controller = useController();
  const annotation = useReview((s) => s.annotations.find((a) => a.id === id));
  const editing = useReview((s) => s.composer?.editingId === id);
  const overlapCount = useReview((s) => overlapsOf(s.annotations).get(id)?.length ?? 0);
  const inSet = useReview((s) => setPlaces(s.fixSets).has(id));
  if (!annotation) return null;
  if (editing) return <ComposerForm />;
  const state = controller.store.getState();
  const anchor = describeAnchor(annotation);
  const kindLabel = annotation.kind === 'suggestion' ? 'Suggestion' : 'Comment';
  return (
    <article className={`annotation-card annotation-${annotation.kind}`} aria-label={`${kindLabel}, ${anchor}`}>
      <header className="annotation-header">
        <span className={`badge badge-${annotation.kind}`}>{kindLabel}</span>
        <span className="annotation-anchor">{anchor}</span>
        {annotation.label ? <LabelChip label={annotation.label} /> : null}
        {annotation.outdated ? <span className="chip chip-warning" title="Its lines changed after a refresh; it is still sent, with the lines it was about">Outdated</span> : null}
        {annotation.approximate ? <span className="chip">Approximate</span> : null}
        <ProposalProvenance annotationId={id} />
        {overlapCount > 0 ? (
          <span className="chip chip-danger" title="Another suggestion changes some of the same lines">
            Overlaps another suggestion
          </span>
        ) : null}
        <span className="annotation-actions">
          <button type="button" className="btn btn-small btn-quiet" onClick={() => state.editAnnotation(id)} aria-label={`Edit ${kindLabel.toLowerCase()} on ${anchor}`}>
            Edit
          </button>
          <button type="button" className="btn btn-small btn-quiet" onClick={() => state.deleteAnnotation(id)} aria-label={`Delete ${kindLabel.toLowerCase()} on ${anchor}`}>
            Delete
          </button>
        </span>
      </header>
      {annotation.text ? (
        <Markdown className="annotation-text" text={annotation.text} />
      ) : null}
      {annotation.kind === 'suggestion' ? (
        <>
          <SuggestionDiff originalCode={annotation.originalCode ?? ''} suggestedCode={annotation.suggestedCode ?? ''} deletion={annotation.deletion ?? false} />
          {inSet ? (
            <Suspense fallback={null}>
              <FixSetMembership id={id} />
            </Suspense>
          ) : null}
        </>
      ) : null}
      {annotation.outdated && annotation.anchorSnippet !== undefined && annotation.kind !== 'suggestion' ? (
        <pre className="annotation-snippet" aria-label="The lines it was about">
          <TextWithChips text={annotation.anchorSnippet} />
        </pre>
      ) : null}
    </article>
  );
}
