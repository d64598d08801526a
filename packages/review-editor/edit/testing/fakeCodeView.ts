/**
 * A minimal stand-in for the part of CodeView's contract the edit feature
 * relies on, for controller-level tests (the real CodeView needs a real
 * browser; e2e/edit*.spec.ts drive it):
 *
 * - an item whose view turns `editing` gets an editor: the factory's
 *   onEditorAttached hook fires, and the document starts as the diff's new
 *   side;
 * - every document change calls onItemEditChange with a live `file`;
 * - an item whose view stops editing, and every open session when the view
 *   unmounts, ends with ONE onItemEditComplete(event, item, nextItem) whose
 *   event carries `newFile.contents`; a 'reject' restores the input.
 */
import type { CodeViewDiffItem } from '@pierre/diffs';
import type { ReviewFile, SlotMeta } from '../../src/editHost.js';
import type { EditController } from '../editSessionController.js';
import type { AttachedEditor, EditAdapterHooks, PierreEditAdapter } from '../pierreEditAdapter.js';

export interface StubAdapter extends PierreEditAdapter {
  hooks: EditAdapterHooks | null;
  cleared: string[];
}

export function createStubAdapter(): StubAdapter {
  const stub: StubAdapter = {
    hooks: null,
    cleared: [],
    createEditorFactory(hooks) {
      stub.hooks = hooks;
      return () => {
        throw new Error('the fake CodeView creates no real editor');
      };
    },
    clearEditState(key) {
      stub.cleared.push(key);
      return true;
    },
  };
  return stub;
}

interface OpenEditor {
  item: CodeViewDiffItem<SlotMeta>;
  text: string;
}

export class FakeCodeView {
  private readonly open = new Map<string, OpenEditor>();
  readonly completions: { id: string; text: string; decision: string }[] = [];
  /** getEditStateKey's answer for each editor created. */
  readonly stateKeys: (string | undefined)[] = [];

  constructor(
    private readonly edit: EditController,
    private readonly adapter: StubAdapter,
    private readonly files: () => readonly ReviewFile[],
  ) {}

  /** What a render pass does: reconcile each item's edit flag with CodeView's editors. */
  sync(): void {
    for (const file of this.files()) {
      const view = this.edit.itemView(file);
      const item: CodeViewDiffItem<SlotMeta> = { id: file.id, type: 'diff', fileDiff: view?.fileDiff ?? file.fileDiff, edit: view?.editing ?? false };
      const open = this.open.get(file.id);
      if (item.edit && !open) {
        const editor: OpenEditor = { item, text: item.fileDiff.additionLines.join('') };
        this.open.set(file.id, editor);
        const stateKey = this.edit.codeViewProps.getEditStateKey(item);
        this.stateKeys.push(stateKey);
        const attached: AttachedEditor = { focus: () => undefined, getText: () => editor.text, prepareToEnd: () => undefined };
        this.adapter.hooks?.onEditorAttached?.(attached, stateKey ?? '');
      } else if (!item.edit && open) {
        // A new input diff arriving with `edit: false` is installed under the editor first
        // (Pierre's updateInputDiff): the completion may then carry that text, not the reviewer's.
        if (item.fileDiff !== open.item.fileDiff) open.text = item.fileDiff.additionLines.join('');
        this.complete(file.id, open);
      }
    }
    // Items that left the list complete too.
    for (const [id, open] of this.open) if (!this.files().some((f) => f.id === id)) this.complete(id, open);
  }

  /** The reviewer types: the whole new text of the document. */
  type(id: string, text: string): void {
    const open = this.open.get(id);
    if (!open) throw new Error(`FakeCodeView.type: ${id} is not being edited`);
    open.text = text;
    const file = { name: id };
    Object.defineProperty(file, 'contents', { enumerable: true, get: () => open.text });
    this.edit.codeViewProps.onItemEditChange({ changes: [], file, editor: {} } as never, open.item);
  }

  /** CodeView unmounts (refresh, error boundary retry): every session completes. */
  unmount(): void {
    for (const [id, open] of [...this.open]) this.complete(id, open);
  }

  /** The document of the editor open on `id` (what its AttachedEditor's getText answers). */
  text(id: string): string | undefined {
    return this.open.get(id)?.text;
  }

  isEditing(id: string): boolean {
    return this.open.has(id);
  }

  private complete(id: string, open: OpenEditor): void {
    this.open.delete(id);
    const nextItem = { ...open.item, edit: false, version: (open.item.version ?? 0) + 1 };
    const event = { newFile: { name: id, contents: open.text }, oldFile: null, fileDiff: open.item.fileDiff, originalFileDiff: open.item.fileDiff, editor: {}, lineAnnotations: undefined, originalLineAnnotations: [] };
    const decision = this.edit.codeViewProps.onItemEditComplete(event as never, open.item as never, nextItem as never);
    this.completions.push({ id, text: open.text, decision });
  }
}
