/**
 * Under a suggestion's lines, when it is a member of a fix set: "Part of set
 * · 1 of 3", which opens to the whole set (its description and each member,
 * a button that goes to it). A native disclosure: keyboard reachable as is.
 */
import { describeAnchor } from '../annotations/annotationOps.js';
import { useController, useReview } from '../app/reviewContext.js';
import './fixSets.css';
import { setPlaces } from './fixSetOps.js';

export function FixSetMembership({ id }: { id: string }) {
  const controller = useController();
  const place = useReview((s) => setPlaces(s.fixSets).get(id) ?? null);
  const annotations = useReview((s) => s.annotations);
  if (!place) return null;
  const { set, index } = place;
  const byId = new Map(annotations.map((a) => [a.id, a]));
  return (
    <details className="fix-set-membership">
      <summary title={set.description}>
        Part of set · {index} of {set.members.length}
      </summary>
      <p className="fix-set-description">{set.description}</p>
      <ol className="fix-set-members" aria-label={`Fix set: ${set.description}`}>
        {set.members.map((memberId, i) => {
          const member = byId.get(memberId);
          const where = member ? `${member.path} ${describeAnchor(member)}` : memberId;
          return (
            <li key={memberId}>
              <button type="button" className="btn btn-small btn-quiet" aria-current={memberId === id ? 'true' : undefined} onClick={() => controller.jumpToAnnotation(memberId)}>
                {i + 1}. {where}
              </button>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
