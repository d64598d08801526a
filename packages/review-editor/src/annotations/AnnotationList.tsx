/** The sidebar's list of every annotation, grouped by file; click one to jump to it. */
import { useMemo } from 'react';
import { describeAnchor, groupAnnotationsByFile } from './annotationOps.js';
import { overlapsOf } from './overlapsOf.js';
import { useController, useReview } from '../app/reviewContext.js';
import { markdownExcerpt } from '../markdown/markdownExcerpt.js';

export function AnnotationList() {
  const controller = useController();
  const annotations = useReview((s) => s.annotations);
  const files = useReview((s) => s.files);
  const groups = useMemo(() => groupAnnotationsByFile(annotations, files.map((f) => f.path)), [annotations, files]);
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
                  {/* Named by its visible text: kind, anchor, flags, excerpt (the group names the file). */}
                  <button type="button" className="annotation-jump" onClick={() => controller.jumpToAnnotation(a.id)}>
                    <span className="annotation-item-top">
                      <span className={`badge badge-${a.kind}`}>{kind}</span>{' '}
                      <span className="annotation-anchor">{anchor}</span>
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
