/**
 * The sidebar's list of every annotation, grouped by file; click one to jump
 * to it. A fix set is ONE item (fixSets/FixSetList.tsx), its members not
 * listed again under their files; suggestions and sets can be selected and
 * combined into a set.
 */
import { Suspense, useMemo, useState } from 'react';
import { setPlaces } from '../fixSets/fixSetOps.js';
import { CombineBar, FixSetList } from '../app/lazyPanels.js';
import { describeAnchor, groupAnnotationsByFile } from './annotationOps.js';
import { overlapsOf } from './overlapsOf.js';
import { useController, useReview } from '../app/reviewContext.js';
import { markdownExcerpt } from '../markdown/markdownExcerpt.js';
import { LabelChip } from './LabelChip.js';

export function AnnotationList() {
  const controller = useController();
  const annotations = useReview((s) => s.annotations);
  const fixSets = useReview((s) => s.fixSets);
  const files = useReview((s) => s.files);
  const groups = useMemo(() => {
    const members = setPlaces(fixSets);
    return groupAnnotationsByFile(
      annotations.filter((a) => !members.has(a.id)),
      files.map((f) => f.path),
    );
  }, [annotations, fixSets, files]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) => setPicked((old) => (old.has(id) ? new Set([...old].filter((p) => p !== id)) : new Set([...old, id])));
  const overlaps = overlapsOf(annotations);
  const state = controller.store.getState();

  if (annotations.length === 0) {
    return (
      <div className="annotation-list empty">
        <p>No comments yet.</p>
        <p className="muted">
          Click a line number (or drag across several) and press <kbd>c</kbd> or the + button; use the file header for a file comment.
        </p>
      </div>
    );
  }
  return (
    <div className="annotation-list">
      {/* The fix set views are a chunk of their own: drawn once there is a set, or two suggestions picked. */}
      <Suspense fallback={null}>
        {picked.size >= 2 ? <CombineBar picked={picked} onDone={() => setPicked(new Set())} /> : null}
        {fixSets.length > 0 ? <FixSetList selected={picked} onToggle={toggle} /> : null}
      </Suspense>
      {groups.map((group) => (
        <section key={group.path || '(general)'} className="annotation-group" aria-label={group.path || 'General'}>
          <h3 className="annotation-group-title" title={group.path}>
            {group.path || 'General'}
          </h3>
          <ul>
            {group.annotations.map((a) => {
              const anchor = describeAnchor(a);
              const kind = a.kind === 'suggestion' ? 'Suggestion' : 'Comment';
              const excerpt = markdownExcerpt(a.text) || (a.kind === 'suggestion' ? (a.deletion ? 'Delete these lines' : (a.suggestedCode ?? '').split('\n')[0]) : '');
              return (
                <li key={a.id} className="annotation-item">
                  {a.kind === 'suggestion' ? (
                    <input type="checkbox" className="annotation-select" checked={picked.has(a.id)} onChange={() => toggle(a.id)} aria-label={`Select suggestion on ${anchor} in ${group.path}`} />
                  ) : null}
                  {/* Named by its visible text: kind, anchor, flags, excerpt (the group names the file). */}
                  <button type="button" className="annotation-jump" onClick={() => controller.jumpToAnnotation(a.id)}>
                    <span className="annotation-item-top">
                      <span className={`badge badge-${a.kind}`}>{kind}</span>{' '}
                      <span className="annotation-anchor">{anchor}</span>
                      {a.label ? <>{' '}<LabelChip label={a.label} /></> : null}
                      {a.outdated ? (
                        <>
                          {' '}
                          <span className="chip chip-warning">Outdated</span>
                        </>
                      ) : null}
                      {overlaps.has(a.id) ? (
                        <>
                          {' '}
                          <span className="chip chip-danger">Overlap</span>
                        </>
                      ) : null}
                    </span>{' '}
                    <span className="annotation-excerpt">{excerpt}</span>
                  </button>
                  <span className="annotation-item-actions">
                    <button
                      type="button"
                      className="btn btn-small btn-quiet"
                      aria-label={`Edit ${kind.toLowerCase()} on ${anchor}${group.path ? ` in ${group.path}` : ''}`}
                      onClick={() => {
                        if (state.editAnnotation(a.id)) controller.jumpToAnnotation(a.id);
                      }}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-small btn-quiet"
                      aria-label={`Delete ${kind.toLowerCase()} on ${anchor}${group.path ? ` in ${group.path}` : ''}`}
                      onClick={() => state.deleteAnnotation(a.id)}
                    >
                      Delete
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

