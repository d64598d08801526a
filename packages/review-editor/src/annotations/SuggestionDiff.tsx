/** A suggestion's original and suggested lines, as a small diff. */
import { codeToLines } from '@redline/core';
import { TextWithChips } from '../ui/TextWithChips.js';

export function SuggestionDiff({ originalCode, suggestedCode, deletion }: { originalCode: string; suggestedCode: string; deletion: boolean }) {
  const before = codeToLines(originalCode, true);
  const after = deletion ? [] : codeToLines(suggestedCode, true);
  return (
    <div className="suggestion-diff" role="group" aria-label="Suggested change">
      {before.map((line, i) => (
        <div key={`o${i}`} className="suggestion-line suggestion-line-old">
          <span className="suggestion-sign" aria-hidden="true">−</span>
          <code><TextWithChips text={line} /></code>
        </div>
      ))}
      {deletion ? (
        <div className="suggestion-note">Deletes these lines</div>
      ) : (
        after.map((line, i) => (
          <div key={`n${i}`} className="suggestion-line suggestion-line-new">
            <span className="suggestion-sign" aria-hidden="true">+</span>
            <code><TextWithChips text={line} /></code>
          </div>
        ))
      )}
    </div>
  );
}
