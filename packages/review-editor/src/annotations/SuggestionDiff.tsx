/** A suggestion's original and suggested lines, as a small diff (suggestionRows.ts): context unmarked, changed words marked. */
import { TextWithChips } from '../ui/TextWithChips.js';
import { suggestionRows, type LinePart } from './suggestionRows.js';

const SIGN = { context: ' ', old: '−', new: '+' } as const;

export function SuggestionDiff({ originalCode, suggestedCode, deletion }: { originalCode: string; suggestedCode: string; deletion: boolean }) {
  const rows = suggestionRows(originalCode, suggestedCode, deletion);
  return (
    <div className="suggestion-diff" role="group" aria-label="Suggested change">
      {rows.map((row, i) => (
        <div key={i} className={`suggestion-line suggestion-line-${row.kind}`}>
          <span className="suggestion-sign" aria-hidden="true">
            {SIGN[row.kind]}
          </span>
          <code>{row.kind === 'context' ? <TextWithChips text={row.text} /> : <Parts parts={row.parts} />}</code>
        </div>
      ))}
      {deletion ? <div className="suggestion-note">Deletes these lines</div> : null}
    </div>
  );
}

function Parts({ parts }: { parts: readonly LinePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.changed ? (
          <mark key={i} className="suggestion-word">
            <TextWithChips text={part.text} />
          </mark>
        ) : (
          <TextWithChips key={i} text={part.text} />
        ),
      )}
    </>
  );
}
