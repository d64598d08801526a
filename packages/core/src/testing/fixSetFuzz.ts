/**
 * Seeded multi-file edit sessions and the invariants of their derivation into
 * a fix set (`deriveFixSet`), for the unit suite's fuzz and `npm run fuzz`
 * alike (test-only, compiled with the core like `editFuzz.ts`).
 *
 * A session is 2 to 4 files, each one of `editFuzz.ts`'s seeded edit cases
 * (the same shapes: collision-dense deletes, boundary inserts, tiny files,
 * mixed endings, duplicates). The invariants, per session:
 *   - overlap: no two members of one file share a line (each starts strictly
 *     after the previous one of its file ends);
 *   - anchor: every member's `originalCode` is the `before` lines at its range;
 *   - roundTrip: applying each file's members to its `before` gives exactly
 *     its `after` lines;
 *   - stable: deriving again gives the same set id and members;
 *   - shape: no change is `none`, one hunk is a plain suggestion, more is a set
 *     whose members are named in file then line order.
 */
import { codeToLines, toLines } from '../diff/lines.js';
import { deriveFixSet, type DerivedChange, type SessionFile } from '../fixSets/deriveFixSet.js';
import type { Suggestion } from '../model/types.js';
import { applySuggestionHunks } from '../suggestions/applySuggestionHunks.js';
import { generateEditCase, type EditCase, type Rng } from './editFuzz.js';

export interface SessionCase {
  files: SessionFile[];
  cases: EditCase[];
  /** The cost cap of the session, when one of its cases asked for one. */
  options?: { maxEditLength: number };
}

export function generateSessionCase(rng: Rng): SessionCase {
  const count = 2 + Math.floor(rng() * 3);
  const cases = Array.from({ length: count }, () => generateEditCase(rng));
  const files = cases.map((edit, i) => ({ path: `src/file${i}.ts`, before: edit.before, after: edit.after, revision: String(i).repeat(64) }));
  const capped = cases.find((edit) => edit.options);
  return capped?.options ? { files, cases, options: capped.options } : { files, cases };
}

export type SessionViolation = 'overlap' | 'anchor' | 'roundTrip' | 'stable' | 'shape';

export interface SessionOutcome {
  violations: SessionViolation[];
  members: number;
  kind: DerivedChange['kind'];
  /** Files with two or more members. */
  multiHunkFiles: number;
}

const WORDS = { description: 'what they do together', createdAt: '2026-01-01T00:00:00.000Z' };
const sameLines = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((line, i) => line === y[i]);

export function checkSession(session: SessionCase): SessionOutcome {
  const options = { timeoutMs: Infinity, ...session.options };
  const result = deriveFixSet(session.files, WORDS, options);
  const again = deriveFixSet(session.files, WORDS, options);
  const found = new Set<SessionViolation>();
  if (JSON.stringify(again) !== JSON.stringify(result)) found.add('stable');
  const members: Suggestion[] = result.kind === 'set' ? result.members : result.kind === 'suggestion' ? [result.suggestion] : [];
  if (result.kind === 'set' && JSON.stringify(result.set.members) !== JSON.stringify(members.map((m) => m.id))) found.add('shape');
  let multiHunkFiles = 0;
  for (const file of session.files) {
    const own = members.filter((member) => member.path === file.path);
    if (own.length > 1) multiHunkFiles++;
    const before = toLines(file.before);
    let previousEnd = 0;
    for (const member of own) {
      if (member.startLine <= previousEnd) found.add('overlap');
      previousEnd = Math.max(previousEnd, member.endLine);
      const count = member.endLine - member.startLine + 1;
      if (count < 0 || !sameLines(codeToLines(member.originalCode, count > 0), before.slice(member.startLine - 1, member.endLine))) found.add('anchor');
    }
    try {
      if (!sameLines(applySuggestionHunks(before, own), toLines(file.after))) found.add('roundTrip');
    } catch {
      found.add('roundTrip');
    }
  }
  const expectedKind = members.length === 0 ? 'none' : members.length === 1 ? 'suggestion' : 'set';
  if (result.kind !== expectedKind) found.add('shape');
  const order = session.files.map((file) => file.path);
  const ordered = members.every((m, i) => {
    const previous = members[i - 1];
    if (!previous) return true;
    const a = order.indexOf(previous.path);
    const b = order.indexOf(m.path);
    return a < b || (a === b && previous.startLine < m.startLine) || (a === b && previous.endLine < m.startLine);
  });
  if (!ordered) found.add('shape');
  return { violations: [...found], members: members.length, kind: result.kind, multiHunkFiles };
}
