/**
 * The line cursor's keys (lineCursor.ts holds the rules): ↑/↓ and Shift,
 * `n`/`p` over hunks, `]`/`[` over annotations, `c`/Enter and `s` on the
 * cursor's lines, Esc to leave. Each move shows the line (scrolling only as
 * far as needed) and makes its file current. In a round view or a commit
 * span they walk what that view shows (diffViews/filesInView.ts).
 */
import type { ReviewStore, ReviewStoreState } from '../app/reviewStore.js';
import { diffShown } from '../diffViews/diffShown.js';
import { filesInView } from '../diffViews/filesInView.js';
import { groupAnnotationsByFile } from '../annotations/annotationOps.js';
import { selectionToTarget } from '../composer/composerSlice.js';
import type { ComposerService } from '../composer/composerService.js';
import { cursorAt, findCursorLine, firstLineOf, moveCursor, stepHunk, switchSide, type CursorLayout, type LineCursor } from './lineCursor.js';
import { diffLayoutShown, isNarrowWindow } from '../diff/useNarrowWindow.js';
import type { Navigator } from './navigator.js';

export interface LineCursorService {
  moveLine(direction: 1 | -1, extend: boolean): void;
  /** ←/→ in split view: the line beside the cursor's in the old or the new column. */
  switchSide(side: 'old' | 'new'): void;
  stepHunk(direction: 1 | -1): void;
  stepAnnotation(direction: 1 | -1): void;
  /** `c`/Enter with a cursor: a comment on its lines. */
  commentOnLines(): boolean;
  /** `s`: a suggestion on the cursor's (new-side) lines. */
  suggestOnLines(): Promise<boolean>;
  /** Esc: no cursor, no selection. */
  leaveLines(): void;
  /** The cursor on a line of a file (a click on a line); shown by scrolling only as far as needed. */
  placeCursor(fileId: string, side: 'old' | 'new', line: number): void;
  /**
   * A tree row opened with the keyboard: the cursor on the file's first line
   * and the file's start at the top. Not "as far as needed": that scroll
   * replaced the jump to the file, so the file stopped with its first line
   * at the bottom edge and, once the jump's pin ended, an earlier file
   * became current.
   */
  openFileWithCursor(fileId: string): void;
}

export function createLineCursorService(store: ReviewStore, navigator: Navigator, composer: ComposerService): LineCursorService {
  const state = () => store.getState();
  const go = (next: LineCursor | null) => {
    if (!next) return;
    state().setLineCursor(next);
    navigator.revealCursor();
  };
  return {
    moveLine: (direction, extend) => go(moveCursor(filesInView(state()), state().lineCursor, state().currentFileId, direction, extend, layoutShown(state()))),
    switchSide: (side) => go(switchSide(filesInView(state()), state().lineCursor, side, layoutShown(state()))),
    stepHunk: (direction) => go(stepHunk(filesInView(state()), state().lineCursor, state().currentFileId, direction, layoutShown(state()))),
    stepAnnotation: (direction) => stepAnnotation(store, navigator, direction),
    commentOnLines: () => composer.commentOnSelection(),
    async suggestOnLines() {
      const selection = state().selection;
      const target = selection ? selectionToTarget(selection) : null;
      if (!target || target.side !== 'new') {
        state().showToast('Suggest on new lines: move the line cursor (↑/↓) onto added or unchanged lines first.');
        return false;
      }
      return composer.openSuggestion(target);
    },
    leaveLines: () => state().setLineCursor(null),
    placeCursor(fileId, side, line) {
      const file = state().fileById.get(fileId);
      // A line the diff does not list (one shown by expanding context) leaves the cursor where it is.
      const at = file ? findCursorLine(file, layoutShown(state()), side, line) : undefined;
      if (file && at) go(cursorAt(file.id, at));
    },
    openFileWithCursor(fileId) {
      const file = state().fileById.get(fileId);
      const first = file ? firstLineOf(file, layoutShown(state())) : undefined;
      if (file && first) state().setLineCursor(cursorAt(file.id, first));
      navigator.openFile(fileId);
    },
  };
}

/** The layout the diff is drawn in (diffLayoutShown), the window read at each key. */
function layoutShown(s: ReviewStoreState): CursorLayout {
  return diffLayoutShown(s.settings.diffStyle, isNarrowWindow(s.layout.unifiedBelow));
}

/** The files `]`/`[` walk and their annotations, in the Comments tab's order: every file, or another view's (and the general comments). */
function annotationsToStep(s: ReviewStoreState) {
  const files = diffShown(s).kind === 'whole' ? s.files : filesInView(s);
  const order = files.map((f) => f.path);
  const inView = new Set(order);
  const annotations = files === s.files ? s.annotations : s.annotations.filter((a) => a.scope === 'general' || inView.has(a.path));
  return { files, order, list: groupAnnotationsByFile(annotations, order).flatMap((g) => g.annotations) };
}

/** `]`/`[`: the next (previous) annotation after the cursor, in the Comments tab's order. */
function stepAnnotation(store: ReviewStore, navigator: Navigator, direction: 1 | -1): void {
  const s = store.getState();
  const { files, order, list } = annotationsToStep(s);
  if (list.length === 0) return s.showToast(s.annotations.length === 0 ? 'No comments or suggestions yet.' : 'No comments or suggestions in this view.');
  const cursor = s.lineCursor;
  const here = cursor ? { file: order.indexOf(cursor.fileId), line: cursor.at.line } : { file: order.indexOf(s.currentFileId ?? ''), line: 0 };
  const place = (a: (typeof list)[number]) => ({ file: a.scope === 'general' ? -1 : order.indexOf(a.path), line: a.scope === 'line' ? (a.startLine ?? 0) : 0 });
  const after = (a: (typeof list)[number]) => {
    const p = place(a);
    return direction === 1 ? p.file > here.file || (p.file === here.file && p.line > here.line) : p.file < here.file || (p.file === here.file && p.line < here.line);
  };
  const target = direction === 1 ? list.find(after) : [...list].reverse().find(after);
  const picked = target ?? (direction === 1 ? list[0] : list[list.length - 1])!;
  const file = picked.scope === 'line' && !picked.outdated ? files.find((f) => f.path === picked.path) : undefined;
  if (picked.scope === 'line' && file) {
    const at = findCursorLine(file, layoutShown(s), picked.side ?? 'new', picked.startLine ?? 1);
    if (at) s.setLineCursor(cursorAt(file.id, at));
  }
  navigator.jumpToAnnotation(picked.id);
}
