import { suggestionsOverlap, type CommentLabel, type Suggestion } from '@redline/core';
/** The open comment or suggestion form, wired to the store. */
import { useShallow } from 'zustand/react/shallow';
import { describeAnchor } from '../annotations/annotationOps.js';
import type { Composer } from './composerSlice.js';
import type { ReviewStoreState } from '../app/reviewStore.js';
import { CommentForm } from './CommentForm.js';
import { useController, useReview } from '../app/reviewContext.js';
import { SuggestionEditor } from './SuggestionEditor.js';

export function composerAnchorLabel(c: Composer): string {
  if (c.target.scope === 'general') return 'General comment';
  if (c.target.scope === 'file') return 'File comment';
  const { startLine, endLine, side } = c.target;
  return startLine === endLine ? `Line ${startLine} (${side})` : `Lines ${startLine}–${endLine} (${side})`;
}

function overlapping(s: ReviewStoreState): string[] {
  const c = s.composer;
  if (!c || c.kind !== 'suggestion' || c.target.scope !== 'line') return [];
  const path = s.fileById.get(c.target.fileId)?.path;
  const { startLine, endLine } = c.target;
  return s.annotations
    .filter((a): a is Suggestion => a.kind === 'suggestion' && a.id !== c.editingId && a.path === path && !a.outdated)
    .filter((a) => suggestionsOverlap(a, { startLine, endLine }))
    .map(describeAnchor);
}

export function ComposerForm() {
  const controller = useController();
  const composer = useReview((s) => s.composer);
  const overlapsWith = useReview(useShallow(overlapping));
  if (!composer) return null;
  const state = controller.store.getState();
  const anchorLabel = composerAnchorLabel(composer);
  const cancel = () => state.closeComposer();
  const onLabelChange = (label: CommentLabel | null) => state.updateComposer({ label });

  if (composer.kind === 'suggestion') {
    return (
      <SuggestionEditor
        key={composer.key}
        anchorLabel={anchorLabel}
        originalCode={composer.originalCode}
        suggestedCode={composer.suggestedCode}
        deletion={composer.deletion}
        text={composer.text}
        error={composer.error}
        askEmptySuggestion={composer.askEmptySuggestion}
        overlapsWith={overlapsWith}
        editing={composer.editingId !== null}
        label={composer.label}
        onLabelChange={onLabelChange}
        onChange={(patch) => state.updateComposer({ ...patch, error: null, askEmptySuggestion: false })}
        onSubmit={(choice) => controller.submitComposer(choice ? { emptySuggestion: choice } : {})}
        onCancel={cancel}
      />
    );
  }
  const target = composer.target;
  return (
    <CommentForm
      key={composer.key}
      anchorLabel={anchorLabel}
      text={composer.text}
      error={composer.error}
      editing={composer.editingId !== null}
      label={composer.label}
      onLabelChange={onLabelChange}
      canSuggest={target.scope === 'line' && target.side === 'new' && composer.editingId === null}
      onChange={(text) => state.updateComposer({ text, error: null })}
      onSubmit={() => controller.submitComposer()}
      onCancel={cancel}
      onSuggest={() => {
        if (target.scope === 'line') void controller.openSuggestion(target, composer.text);
      }}
    />
  );
}
