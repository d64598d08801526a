/**
 * Property (fast-check, 400 cases): for a base text, three variants of it and
 * a target (the base or one of the variants), any picks (whole files, or hunks
 * of git's kind, with 3 lines of context, from any variants) that `pickedText`
 * accepts become suggestions that the real applier (`planApply`) lays on the
 * target's text to give exactly the picked text (more than half the cases;
 * the others' one refusal is a final newline the picks would change). Picking every hunk of one
 * variant gives exactly that variant's text, and hunks of one variant never
 * conflict with each other.
 */
import fc from 'fast-check';
import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { planApply } from '../apply/planApply.js';
import { sha256Hex } from '../safety/sha256.js';
import type { Suggestion } from '../model/types.js';
import { pickedText, type HunkRange, type VariantPick } from './pickedText.js';
import { picksToFixSet } from './picksToFixSet.js';

const CASES = 400;
const VARIANTS = ['A', 'B', 'C'];

const lineArb = fc.constantFrom('a', 'b', 'c', 'x', 'return 1;', '}', '');
const textArb = fc.tuple(fc.array(lineArb, { maxLength: 24 }), fc.boolean()).map(([lines, finalNewline]) =>
  lines.length === 0 ? '' : lines.join('\n') + (finalNewline ? '\n' : ''),
);
/** A variant: the base with a few lines replaced, inserted or deleted. */
const editsArb = fc.array(fc.tuple(fc.nat(30), fc.constantFrom('replace', 'insert', 'delete'), lineArb), { maxLength: 5 });

function edit(base: string, edits: readonly [number, string, string][]): string {
  if (base === '') return edits.length === 0 ? '' : edits.map(([, , line]) => line).join('\n') + '\n';
  const ends = base.endsWith('\n');
  const lines = (ends ? base.slice(0, -1) : base).split('\n');
  for (const [at, kind, line] of edits) {
    const i = at % (lines.length + 1);
    if (kind === 'insert') lines.splice(i, 0, line);
    else if (i < lines.length) lines.splice(i, kind === 'delete' ? 1 : 1, ...(kind === 'delete' ? [] : [line]));
  }
  return lines.join('\n') + (ends || lines.length === 0 ? '\n' : '');
}

/** The hunks as git writes them: jsdiff numbers an empty side by the line after it, git by the line before (`-0,0` for an empty file). */
function hunksOf(base: string, variant: string): HunkRange[] {
  return structuredPatch('f', 'f', base, variant, '', '', { context: 3 }).hunks.map((h) => ({
    oldStart: h.oldLines === 0 ? h.oldStart - 1 : h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newLines === 0 ? h.newStart - 1 : h.newStart,
    newLines: h.newLines,
  }));
}

function applied(target: string, members: readonly Suggestion[]): string {
  const plan = planApply({ text: target, sha256: sha256Hex(target), suggestions: members });
  for (const outcome of plan.outcomes) if (outcome.status !== 'applied' && outcome.status !== 'already-applied') throw new Error(`not applied: ${JSON.stringify(outcome)}`);
  return plan.newText;
}

describe('picksToFixSet (property)', () => {
  it(`${CASES} cases: the derived change applied to the target's text gives exactly the picked text`, () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        textArb,
        fc.tuple(editsArb, editsArb, editsArb),
        fc.nat(3),
        fc.array(fc.tuple(fc.nat(2), fc.nat(40)), { maxLength: 4 }),
        fc.option(fc.nat(2), { nil: null }),
        (base, variantEdits, targetOf, hunkPicks, wholeFrom) => {
          const texts = new Map(VARIANTS.map((id, i) => [id, edit(base, variantEdits[i]!)]));
          const target = targetOf === 3 ? base : texts.get(VARIANTS[targetOf]!)!;
          const picks: VariantPick[] =
            wholeFrom !== null
              ? [{ kind: 'file', path: 'f', variant: VARIANTS[wholeFrom]! }]
              : hunkPicks.flatMap(([v, h]): VariantPick[] => {
                  const variant = VARIANTS[v]!;
                  const hunks = hunksOf(base, texts.get(variant)!);
                  return hunks.length === 0 ? [] : [{ kind: 'hunk', path: 'f', variant, hunk: hunks[h % hunks.length]! }];
                });
          const pickTexts = { base, variants: texts };
          const picked = pickedText('f', picks, pickTexts);
          if (!picked.ok) return;
          const result = picksToFixSet([{ path: 'f', picks, texts: pickTexts, target: { text: target, revision: sha256Hex(target) } }], { description: 'picks', createdAt: '2026-01-01T00:00:00Z' });
          if (!result.ok) {
            // The one refusal of accepted picks: the end of the file is the target's (docs/apply.md).
            expect(result.problems.every((p) => p.includes('final newline'))).toBe(true);
            return;
          }
          accepted++;
          const members = result.change.kind === 'none' ? [] : result.change.kind === 'suggestion' ? [result.change.suggestion] : result.change.members;
          expect(applied(target, members)).toBe(picked.text);
        },
      ),
      { numRuns: CASES, seed: 0x40c0 },
    );
    expect(accepted).toBeGreaterThan(CASES / 2);
  });

  it(`${CASES} cases: every hunk of one variant picked gives exactly that variant's text`, () => {
    fc.assert(
      fc.property(textArb, editsArb, (base, edits) => {
        const variant = edit(base, edits);
        const picks: VariantPick[] = hunksOf(base, variant).map((hunk) => ({ kind: 'hunk', path: 'f', variant: 'B', hunk }));
        const picked = pickedText('f', picks, { base, variants: new Map([['B', variant]]) });
        expect(picked).toEqual({ ok: true, text: variant });
      }),
      { numRuns: CASES, seed: 0x40c1 },
    );
  });
});
