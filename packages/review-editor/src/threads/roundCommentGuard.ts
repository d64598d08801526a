/**
 * Where the round view refuses a comment form, saying why (never a silent
 * no-op): the old side of "since round N" is round N's recorded text, in no
 * change that is sent, so there is nothing there an annotation could anchor
 * to; an earlier pair is read-only. Everything else (the new side, file and
 * general comments) opens as in the whole-change view, on the same lines.
 */
import type { ReviewStore, ReviewStoreState } from '../app/reviewStore.js';
import type { ComposerService } from '../composer/composerService.js';
import { selectionToTarget, type ComposerTarget } from '../composer/composerSlice.js';
import { commitCommentRefusal } from '../commits/commitCommentRefusal.js';
import { diffShown } from '../diffViews/diffShown.js';
import { pairRounds } from '../diffViews/diffViewsSlice.js';

/** Why the round view shown takes no comment on `target`, or null. */
export function roundCommentRefusal(s: ReviewStoreState, target: ComposerTarget): string | null {
  const shown = diffShown(s);
  if (shown.kind === 'pair') {
    const [from, to] = pairRounds(shown.pair);
    return `Round ${from} → Round ${to} is read-only: comment in "Since round ${s.review?.rounds?.rounds.at(-1)?.number ?? ''}" or "All changes".`;
  }
  if (shown.kind !== 'since-round' || target.scope !== 'line' || target.side !== 'old') return null;
  const file = s.fileById.get(target.fileId);
  if (!file || !shown.diffs.has(file.path)) return null;
  return `The left side is round ${shown.round}'s text, not part of the change you send: comment on the right side, or on the base's lines in "All changes".`;
}

/** The composer's openings, refused with a toast where the view shown (a round view or a commit span, diffViews/) takes no comment. */
export function guardRoundComments(store: ReviewStore, composer: ComposerService): ComposerService {
  const refused = (target: ComposerTarget) => {
    const reason = roundCommentRefusal(store.getState(), target) ?? commitCommentRefusal(store.getState(), target);
    if (reason) store.getState().showToast(reason);
    return reason !== null;
  };
  return {
    ...composer,
    openComment: (target) => !refused(target) && composer.openComment(target),
    openSuggestion: async (target, text) => !refused(target) && composer.openSuggestion(target, text),
    commentOnSelection() {
      const selection = store.getState().selection;
      return !(selection && refused(selectionToTarget(selection))) && composer.commentOnSelection();
    },
  };
}
