import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PatchSectionGate } from './patchSectionGate.js';

/** A section as git writes it: its header, then lines that never start `diff --git `. */
const section = (name: string, body: string) => `diff --git a/${name} b/${name}\n${body}`;
const header = (name: string) => `diff --git a/${name} b/${name}`;

function run(pieces: readonly string[], candidates: readonly string[], drop: readonly string[], decideAfter: number): string {
  const out: string[] = [];
  const gate = new PatchSectionGate(new Set(candidates.map(header)), (text) => out.push(text));
  pieces.forEach((piece, i) => {
    if (i === decideAfter) gate.decide(new Set(drop.map(header)));
    gate.push(piece);
  });
  if (decideAfter >= pieces.length) gate.decide(new Set(drop.map(header)));
  gate.end();
  return out.join('');
}

/** `text` cut at the given offsets (any, even mid-line or mid-header). */
function cut(text: string, offsets: readonly number[]): string[] {
  const points = [...new Set(offsets.map((at) => at % (text.length + 1)))].sort((a, b) => a - b);
  return [...points, text.length].map((end, i) => text.slice(i === 0 ? 0 : points[i - 1], end));
}

describe('PatchSectionGate', () => {
  const sections = {
    keep: section('keep.ts', 'index 1..2\n@@ -1 +1 @@\n-a\n+b\n'),
    gone: section('gone.ts', 'deleted file mode 100644\n@@ -1,2 +0,0 @@\n-diff --git a/x b/x\n-y\n'),
    last: section('last.ts', 'new mode 100755\n'),
  };

  it('holds from the first undecided candidate on, then drops the decided sections', () => {
    const out: string[] = [];
    const gate = new PatchSectionGate(new Set([header('gone.ts')]), (text) => out.push(text));
    gate.push(sections.keep + sections.gone.slice(0, 20));
    expect(out.join('')).toBe(sections.keep);
    gate.push(sections.gone.slice(20) + sections.last);
    expect(out.join('')).toBe(sections.keep);
    gate.decide(new Set([header('gone.ts')]));
    gate.end();
    expect(out.join('')).toBe(sections.keep + sections.last);
  });

  it('passes a candidate that is not dropped, and keeps a last line without its newline', () => {
    const patch = sections.keep + sections.gone + 'diff --git a/end b/end\nBinary files differ';
    expect(run([patch], ['gone.ts'], [], 0)).toBe(patch);
    expect(run([patch], ['gone.ts'], [], 1)).toBe(patch);
  });

  // Invariant: whatever the cuts and whenever the decision comes, what passes is exactly the
  // sections not dropped, in their order (each file's section once, as in git's patch). 300 cases.
  it('passes exactly the sections not dropped, in order, for any cut and decision time', () => {
    const name = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
    const body = fc.array(fc.constantFrom('@@ -1 +1 @@\n', '-x\n', '+diff --git a/a b/a\n', ' \n', 'index 0..1\n', '\\ No newline at end of file\n'), { maxLength: 5 });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, body), { maxLength: 8, selector: ([file]) => file }),
        fc.subarray(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']),
        fc.array(fc.nat(400), { maxLength: 12 }),
        fc.nat(14),
        fc.boolean(),
        (files, candidates, offsets, decideAfter, dropSome) => {
          const drop = dropSome ? candidates.filter((_, i) => i % 2 === 0) : [];
          const texts = files.map(([file, lines]) => section(file, lines.join('')));
          const patch = texts.join('');
          const kept = files.filter(([file]) => !drop.includes(file)).map(([file, lines]) => section(file, lines.join(''))).join('');
          expect(run(cut(patch, offsets), candidates, drop, decideAfter)).toBe(kept);
        },
      ),
      { numRuns: 300 },
    );
  });
});
