/** The header's "Collapse all" / "Expand all" (also `z`), over the files shown (shownFilesSlice.ts). */
import { Icon } from '../ui/icons.js';
import { useReview } from '../app/reviewContext.js';

export function CollapseAllButton() {
  const collapsedAll = useReview((s) => s.foldAll === 'collapsed');
  const toggle = useReview((s) => s.toggleAllCollapsed);
  const label = collapsedAll ? 'Expand all files' : 'Collapse all files';
  return (
    <button type="button" className="btn btn-icon" aria-label={label} title={`${label} (z)`} onClick={toggle}>
      <Icon name={collapsedAll ? 'expandAll' : 'collapseAll'} />
    </button>
  );
}
