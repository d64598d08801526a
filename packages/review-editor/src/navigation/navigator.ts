/**
 * Moving around the diff: jumping to a file, a line or an annotation,
 * `j`/`k` and `v` on the current file. The diff view registers itself as
 * the viewport.
 */
import type { Side } from '@redline/core';
import type { ReviewStore } from '../app/reviewStore.js';

/** What the diff view lets the rest of the page do to it. */
export interface DiffViewport {
  scrollToTop(): void;
  scrollToFile(fileId: string): void;
  scrollToLine(fileId: string, side: Side, lineNumber: number): void;
}

export interface Navigator {
  setViewport(next: DiffViewport | null): void;
  /** How many ms the picked file stays current whatever the scroll does (0: scrolling may change it). */
  currentFilePinnedFor(): number;
  jumpToFile(fileId: string): void;
  jumpToLine(fileId: string, side: Side, lineNumber: number): void;
  jumpToAnnotation(id: string): void;
  /** `j`/`k`: the next or previous file. */
  stepFile(direction: 1 | -1): void;
  /** `v`: marks the current file viewed, or not. */
  toggleViewedCurrent(): void;
}

/** How long a jumped-to file stays current while the scroll settles (the last files of a diff can never reach the top edge). */
const PIN_MS = 800;

export function createNavigator(store: ReviewStore): Navigator {
  let viewport: DiffViewport | null = null;
  let pinnedUntil = 0;
  const state = () => store.getState();

  const pin = (fileId: string) => {
    pinnedUntil = performance.now() + PIN_MS;
    state().setCurrentFile(fileId);
  };

  /** Unfolds a collapsed file first; `then` runs once its items have reached CodeView. */
  function reveal(fileId: string, then: () => void) {
    if (!state().isCollapsed(fileId)) return then();
    state().setCollapsed(fileId, false);
    requestAnimationFrame(() => requestAnimationFrame(then));
  }

  function jumpToFile(fileId: string) {
    pin(fileId);
    viewport?.scrollToFile(fileId);
  }

  function jumpToLine(fileId: string, side: Side, lineNumber: number) {
    pin(fileId);
    reveal(fileId, () => viewport?.scrollToLine(fileId, side, lineNumber));
  }

  function jumpToAnnotation(id: string) {
    const a = state().annotations.find((x) => x.id === id);
    if (!a) return;
    if (a.scope === 'general') return viewport?.scrollToTop();
    if (!state().fileById.has(a.path)) return;
    if (a.scope === 'file' || a.outdated) return reveal(a.path, () => jumpToFile(a.path));
    jumpToLine(a.path, a.side ?? 'new', a.startLine ?? 1);
  }

  function stepFile(direction: 1 | -1) {
    const { files, currentFileId } = state();
    if (files.length === 0) return;
    const at = files.findIndex((f) => f.id === currentFileId);
    const next = files[Math.min(files.length - 1, Math.max(0, at < 0 ? 0 : at + direction))];
    if (next) jumpToFile(next.id);
  }

  return {
    setViewport(next) {
      viewport = next;
    },
    currentFilePinnedFor: () => Math.max(0, pinnedUntil - performance.now()),
    jumpToFile,
    jumpToLine,
    jumpToAnnotation,
    stepFile,
    toggleViewedCurrent() {
      const id = state().currentFileId;
      if (id) state().toggleViewed(id);
    },
  };
}
