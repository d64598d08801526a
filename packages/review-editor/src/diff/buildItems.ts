/**
 * Turns the store's state into CodeView's controlled items.
 *
 * CodeView ignores any change to an item whose `version` did not change, so
 * each item is rebuilt (with a new, globally increasing version) exactly when
 * what it shows changed: its diff, its collapse state, or the set and
 * position of its slots. Anything else (the text of a comment, typing in a
 * form) re-renders inside the slot's own React component instead.
 *
 * Editing adds two things: a file being edited shows its hydrated
 * diff with `edit: true` and a banner slot (the HUD) first; and while it is
 * in edit mode its slots are frozen (the same array), because Pierre reads
 * any new annotations array against the EDITED text while the session's
 * own remapping keeps the existing ones on their lines. Only its collapse
 * state may still change.
 */
import type { CodeViewDiffItem, DiffLineAnnotation } from '@pierre/diffs';
import { isImageFile, type Annotation, type ForgeThread, type ProposalState, type Thread } from '@redline/core';
import { proposalSlots } from '../proposals/proposalSlots.js';
import { forgeThreadSlots } from '../threads/forgeThreadSlots.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { findUnsafeLines, type UnsafeLine } from './unsafeLines.js';
import { drawnFileDiff, longLinesOf } from '../longLines/longLines.js';
import type { Composer } from '../composer/composerSlice.js';
import type { ItemEditView } from './extensionSlots.js';
import type { SlotMeta } from './slotMeta.js';
import { threadsByPath, threadSlotsFor } from '../threads/threadSlots.js';
import type { FileView } from '../diffViews/viewDiffs.js';
import { placeOnLine } from './slotPlacement.js';

export type ReviewItem = CodeViewDiffItem<SlotMeta>;

export interface ItemsInput {
  files: readonly ReviewFile[];
  annotations: readonly Annotation[];
  /** The open form's place (what is typed in it is the slot's own). */
  composer: Pick<Composer, 'key' | 'editingId' | 'target'> | null;
  /** Earlier rounds' threads (the core's, from `ReviewData.rounds`); absent: none. */
  threads?: readonly Thread[];
  /** The agent's proposals; absent: none. */
  proposals?: readonly ProposalState[];
  /** The pull request's unresolved review threads (`ReviewData.pullRequest`); absent: none. */
  forgeThreads?: readonly ForgeThread[];
  isCollapsed(fileId: string): boolean;
  /** Whether a markdown file shows rendered (markdown/renderedFilesSlice.ts); absent: none does. */
  isRendered?(fileId: string): boolean;
  /** How editing shows a file (the edit feature's answer; absent or null: as parsed). */
  editView?(file: ReviewFile): ItemEditView | null;
  /** How the diff shown shows a file (diffViews/diffShown.ts; absent or null: the whole change). Editing wins over it. */
  fileView?(file: ReviewFile): FileView | null;
}

const unsafeCache = new WeakMap<ReviewFile, UnsafeLine[]>();

/** The lines with hidden or bidirectional characters, computed once per parsed file. */
export function unsafeLinesOf(file: ReviewFile): UnsafeLine[] {
  let lines = unsafeCache.get(file);
  if (!lines) {
    lines = findUnsafeLines(file.fileDiff);
    unsafeCache.set(file, lines);
  }
  return lines;
}

/** Whether a file shows any notice above its first line. */
export function hasFileNotices(file: ReviewFile): boolean {
  return (
    file.binary ||
    isImageFile(file.facts) ||
    file.modeOnly ||
    file.renameOnly ||
    file.facts.symlink ||
    file.facts.submodule ||
    (file.fileDiff.hunks.length === 0 && !file.binary) ||
    unsafeLinesOf(file).length > 0
  );
}

interface CacheEntry {
  file: ReviewFile;
  signature: string;
  item: ReviewItem;
}

export function createItemsBuilder(): (input: ItemsInput) => ReviewItem[] {
  const cache = new Map<string, CacheEntry>();
  let version = 0;
  let lastAnnotations: readonly Annotation[] | null = null;
  let byPath = new Map<string, Annotation[]>();
  let lastThreads: readonly Thread[] | undefined;
  let threadsOf = new Map<string, Thread[]>();

  return (input) => {
    if (input.annotations !== lastAnnotations) {
      lastAnnotations = input.annotations;
      byPath = new Map();
      for (const a of input.annotations) {
        if (a.scope === 'general') continue;
        const list = byPath.get(a.path);
        if (list) list.push(a);
        else byPath.set(a.path, [a]);
      }
    }
    if (input.threads !== lastThreads) {
      lastThreads = input.threads;
      threadsOf = threadsByPath(input.threads ?? []);
    }
    const seen = new Set<string>();
    const items = input.files.map((file) => {
      seen.add(file.id);
      const view = input.editView?.(file) ?? null;
      const round = view ? null : (input.fileView?.(file) ?? null);
      const shown = round?.file ?? file;
      const editing = view?.editing ?? false;
      // Rendered shows the review's own old and new (what the file endpoint serves), in a round view too.
      const rendered = !editing && (input.isRendered?.(file.id) ?? false);
      // Long lines are drawn cut (longLines/), except in the editor, which edits the whole text.
      const fileDiff = rendered ? renderedDiff(file) : editing && view ? view.fileDiff : drawnFileDiff(view?.fileDiff ?? shown.fileDiff);
      const collapsed = input.isCollapsed(file.id);
      const cached = cache.get(file.id);
      if (editing && cached && cached.file === file && cached.item.edit === true && cached.item.fileDiff === fileDiff) {
        if (cached.item.collapsed === collapsed) return cached.item;
        const item: ReviewItem = { ...cached.item, collapsed, version: ++version };
        cache.set(file.id, { ...cached, item });
        return item;
      }
      let slots = rendered
        ? renderedSlots(file)
        : round?.readOnly
          ? noticeSlots(shown)
          : [...slotsFor(shown, byPath.get(file.path) ?? [], input.composer, round !== null), ...threadSlotsFor(shown, threadsOf.get(file.path) ?? [], round !== null), ...proposalSlots(shown, input.proposals ?? []), ...forgeThreadSlots(shown, input.forgeThreads ?? [], round !== null)];
      if (editing || view?.banner) slots = [{ side: 'additions', lineNumber: 0, metadata: { kind: 'file-banner', fileId: file.id } }, ...slots];
      const signature = `${collapsed ? 1 : 0}|${editing ? 'edit' : ''}|${slots.map(slotKey).join(',')}`;
      if (cached && cached.file === file && cached.signature === signature && cached.item.fileDiff === fileDiff) return cached.item;
      const item: ReviewItem = { id: file.id, type: 'diff', fileDiff, annotations: slots, collapsed, version: ++version, ...(view ? { edit: editing } : {}) };
      cache.set(file.id, { file, signature, item });
      return item;
    });
    for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id);
    return items;
  };
}

const hunklessCache = new WeakMap<ReviewFile, ReviewItem['fileDiff']>();

/**
 * A markdown file shown rendered: its header and one slot with the rendered
 * file, no source lines (so no line annotations: the source view has them).
 * One diff object per file, so the item is rebuilt only when it changes.
 */
function renderedDiff(file: ReviewFile): ReviewItem['fileDiff'] {
  let fileDiff = hunklessCache.get(file);
  if (!fileDiff) {
    fileDiff = { ...file.fileDiff, hunks: [], splitLineCount: 0, unifiedLineCount: 0, cacheKey: undefined };
    hunklessCache.set(file, fileDiff);
  }
  return fileDiff;
}

/** Old above the deletions, new above the additions: side by side in split view, one after the other in unified. */
function renderedSlots(file: ReviewFile): DiffLineAnnotation<SlotMeta>[] {
  const sides = file.status === 'added' ? (['new'] as const) : file.status === 'deleted' ? (['old'] as const) : (['old', 'new'] as const);
  return sides.map((side) => ({ side: side === 'old' ? 'deletions' : 'additions', lineNumber: 0, metadata: { kind: 'markdown-file', fileId: file.id, side } }));
}

/** A read-only round pair shows its lines and the file's notices only: this review's cards are about another text. */
function noticeSlots(file: ReviewFile): DiffLineAnnotation<SlotMeta>[] {
  const fileSide = file.status === 'deleted' ? 'deletions' : 'additions';
  return hasFileNotices(file) ? [{ side: fileSide, lineNumber: 0, metadata: { kind: 'file-notices', fileId: file.id } }] : [];
}

/**
 * `roundView`: the file shows the change since the last round. A new-side
 * card sits on its line when the hunks shown include it, else above the
 * file; an old-side one (the base's text, not round N's) above the file.
 */
function slotsFor(file: ReviewFile, annotations: readonly Annotation[], composer: ItemsInput['composer'], roundView = false): DiffLineAnnotation<SlotMeta>[] {
  const fileSide = file.status === 'deleted' ? 'deletions' : 'additions';
  const slots = noticeSlots(file);
  // File comments and outdated line annotations sit above the first line.
  for (const a of annotations) {
    if (a.scope === 'file' || a.outdated) slots.push({ side: fileSide, lineNumber: 0, metadata: { kind: 'annotation', id: a.id } });
  }
  const editingId = composer?.editingId ?? null;
  if (composer && composer.target.scope === 'file' && composer.target.fileId === file.id && editingId === null) {
    slots.push({ side: fileSide, lineNumber: 0, metadata: { kind: 'composer', key: composer.key } });
  }
  for (const line of longLinesOf(file)) {
    slots.push({ side: line.side === 'old' ? 'deletions' : 'additions', lineNumber: line.lineNumber, metadata: { kind: 'long-line', fileId: file.id, line } });
  }
  for (const line of unsafeLinesOf(file)) {
    slots.push({ side: line.side === 'old' ? 'deletions' : 'additions', lineNumber: line.lineNumber, metadata: { kind: 'unsafe-line', line } });
  }
  for (const a of annotations) {
    if (a.scope !== 'line' || a.outdated) continue;
    slots.push(lineSlot(file, a.side, a.endLine ?? a.startLine ?? 1, { kind: 'annotation', id: a.id }, roundView));
  }
  if (composer && composer.target.scope === 'line' && composer.target.fileId === file.id && editingId === null) {
    slots.push(lineSlot(file, composer.target.side, composer.target.endLine, { kind: 'composer', key: composer.key }, roundView));
  }
  return slots;
}

/** A card on lines, under its last line; in the round view see slotsFor. */
function lineSlot<M extends SlotMeta>(file: ReviewFile, side: 'old' | 'new', line: number, metadata: M, roundView: boolean): { side: 'additions' | 'deletions'; lineNumber: number; metadata: M } {
  if (roundView) return placeOnLine(file, 'new', side === 'old' ? 0 : line, metadata);
  return { side: side === 'old' ? 'deletions' : 'additions', lineNumber: line, metadata };
}

function slotKey(slot: DiffLineAnnotation<SlotMeta>): string {
  const m = slot.metadata;
  const what = m.kind === 'annotation' || m.kind === 'thread' || m.kind === 'forge-thread' || m.kind === 'proposal' ? m.id : m.kind === 'composer' ? String(m.key) : m.kind === 'unsafe-line' ? '' : m.fileId;
  return `${m.kind}:${what}:${slot.side}:${slot.lineNumber}`;
}
