/** A file header's "Open in editor" (openInEditor.ts): the file at its top; `o` opens it at the line cursor. */
import { Icon } from '../ui/icons.js';
import { useController } from '../app/reviewContext.js';
import { openFileInEditor } from './openInEditor.js';

export function OpenInEditorButton({ fileId, path }: { fileId: string; path: string }) {
  const controller = useController();
  return (
    <button type="button" className="btn btn-small btn-icon" aria-label={`Open ${path} in your editor`} title="Open in your editor (o: at the line cursor)" onClick={() => void openFileInEditor(controller, fileId, null)}>
      <Icon name="editor" />
    </button>
  );
}
