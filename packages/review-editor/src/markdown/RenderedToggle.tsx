/** "Rendered" in a markdown file's header: shows the file rendered, old and new side by side, in place of its source diff. */
import { useController, useReview } from '../app/reviewContext.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { isMarkdownFile } from './isMarkdownFile.js';

export function RenderedToggle({ file }: { file: ReviewFile }) {
  const { store } = useController();
  const rendered = useReview((s) => s.renderedFiles.has(file.id));
  if (!isMarkdownFile(file)) return null;
  return (
    <button
      type="button"
      className="btn btn-small"
      aria-pressed={rendered}
      aria-label={`Show ${file.path} rendered`}
      title={rendered ? 'Show the source diff' : 'Show the markdown rendered, before and after'}
      onClick={() => {
        store.getState().setCollapsed(file.id, false);
        store.getState().toggleRendered(file.id);
      }}
    >
      Rendered
    </button>
  );
}
