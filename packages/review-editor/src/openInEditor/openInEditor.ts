/**
 * Open in editor: the reviewer's own editor on a file of the diff, at the
 * line cursor's line (new side) or the file's top, from the file header's
 * button or the `o` key. The server starts the editor (POST
 * /api/open-in-editor); the page says what happened in a toast, and when
 * the editor runs in a terminal, the command to run there.
 */
import type { ReviewController } from '../app/reviewController.js';
import { ApiRequestError } from '../api/apiClient.js';

export async function openFileInEditor(controller: ReviewController, fileId: string, line: number | null): Promise<void> {
  const s = controller.store.getState();
  const file = s.fileById.get(fileId);
  const fingerprint = s.review?.fingerprint;
  if (!file || fingerprint === undefined) return;
  if (file.facts.status === 'deleted') return s.showToast(`${file.path} is deleted in this change: there is no file to open.`);
  const where = line === null ? file.path : `${file.path}:${line}`;
  try {
    const { editor } = await controller.api.openInEditor({ path: file.path, fingerprint, line });
    controller.store.getState().showToast(`Opened ${where} in ${editor}.`);
  } catch (error) {
    const message = error instanceof ApiRequestError ? error.message.replace(/^openInEditor: /, '') : String(error);
    controller.store.getState().showToast(`Could not open ${where}: ${message}`);
  }
}

/** The `o` key: the line cursor's file and new-side line, else the current file at its top. */
export function openInEditorAtCursor(controller: ReviewController): void {
  const s = controller.store.getState();
  const cursor = s.lineCursor;
  if (cursor) return void openFileInEditor(controller, cursor.fileId, cursor.at.side === 'new' ? cursor.at.line : null);
  if (s.currentFileId !== null) void openFileInEditor(controller, s.currentFileId, null);
}
