/** What a file's diff cannot show by itself: binary, mode, rename, links, hidden characters. */
import { formatBytes } from '@redline/core';
import { unsafeLinesOf } from './buildItems.js';
import { useReview } from '../app/reviewContext.js';

export function FileNotices({ fileId }: { fileId: string }) {
  const file = useReview((s) => s.fileById.get(fileId));
  if (!file) return null;
  const notices: string[] = [];
  const { facts } = file;
  if (file.binary) notices.push(`Binary file, not shown · ${formatBytes(facts.oldSize)} → ${formatBytes(facts.newSize)}`);
  if (facts.submodule) notices.push('Submodule: the diff shows the commit it points to.');
  else if (facts.symlink) notices.push('Symbolic link: the diff shows the path it points to.');
  if (facts.oldMode && facts.newMode && facts.oldMode !== facts.newMode) notices.push(`File mode changed ${facts.oldMode} → ${facts.newMode}`);
  if (file.renameOnly) notices.push(`Renamed from ${file.oldPath} without changes`);
  if (!file.binary && !file.modeOnly && !file.renameOnly && file.fileDiff.hunks.length === 0) {
    notices.push(file.status === 'added' ? 'Empty file added' : file.status === 'deleted' ? 'Empty file deleted' : 'No changes to show');
  }
  const unsafe = unsafeLinesOf(file);
  return (
    <div className="file-notices">
      {unsafe.length > 0 ? (
        <div className="unsafe-banner" role="note">
          <strong>This file contains bidirectional or hidden Unicode text</strong> that may be interpreted or compiled differently than
          what appears below ({unsafe.length} {unsafe.length === 1 ? 'line' : 'lines'}, marked). Such characters are shown as chips like{' '}
          <span className="chip chip-unsafe">U+202E</span>.
        </div>
      ) : null}
      {notices.map((notice) => (
        <div key={notice} className="file-notice">
          {notice}
        </div>
      ))}
    </div>
  );
}
