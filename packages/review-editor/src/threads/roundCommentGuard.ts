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
import { isRoundPair, pairRounds, roundFileView } from './roundView.js';

/** Why the chosen round view takes no comment on `target`, or null. */
export function roundCommentRefusal(s: ReviewStoreState, target: ComposerTarget): string | null {
  if (isRoundPair(s.roundView) && s.roundPairDiff.kind === 'ready') {
    const [from, to] = pairRounds(s.roundView);
    return `Round ${from} → Round ${to} is read-only: comment in "Since round ${s.review?.rounds?.rounds.at(-1)?.number ?? ''}" or "All changes".`;
  }
  if (target.scope !== 'line' || target.side !== 'old') return null;
  const file = s.fileById.get(target.fileId);
  if (!file || !roundFileView(s, file) || s.roundChanges.kind === 'none') return null;
  return `The left side is round ${s.roundChanges.round}'s text, not part of the change you send: comment on the right side, or on the base's lines in "All changes".`;
}

/** The composer's openings, refused with a toast where the round view or a commit span (commits/) takes no comment. */
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
