/**
 * The whole loop, as a property: a file (LF, CRLF, mixed with lone CRs, BOM,
 * no final newline, backtick runs, unicode) and a reviewer's line edits ->
 * deriveSuggestionHunks -> suggestions (suggestionId, the file's sha256 as
 * revision) -> renderFeedbackMarkdown -> parseFeedback -> planApply.
 *
 * Two expectations, both defined here without the applier's code:
 * - content: the result's LF lines are exactly the reviewer's edited lines
 *   (an empty last line excepted where the file has no final newline: it
 *   can only survive as the final newline of the line before);
 * - bytes: the original with each suggestion's lines replaced, terminators
 *   given by the rules of docs/apply.md: untouched lines keep their own;
 *   inside a suggestion, a line diff of its original against its suggested
 *   code (the derivation's diffLineRegions, the same alignment the reviewer's
 *   edit was derived with) keeps equal lines' terminators, gives the k-th
 *   line of a changed run the k-th replaced line's (extra lines: the run's
 *   last one's), and a pure insertion the terminator of the line before it
 *   (the dominant one at the top); then the BOM and the final-newline state
 *   of the original, and a lone CR never directly before an empty LF line.
 *   Terminators follow the suggestions, not a whole-file diff, because with
 *   duplicate lines "which of two equal lines is the inserted one" has two
 *   right answers, and the suggestion is what fixes it.
 *
 * Then a second apply on the result must write nothing, and must prove every
 * suggestion already applied when the file's endings are uniform (in a mixed
 * file the endings of deleted lines are gone, so a rerun may only be able to
 * call a deletion outdated; it still writes nothing).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deriveSuggestionHunks,
  diffLineRegions,
  formatUnifiedDiff,
  joinText,
  parseFeedback,
  planApply,
  renderFeedbackMarkdown,
  sha256Hex,
  splitText,
  suggestionId,
  type Annotation,
  type Eol,
  type TextLayout,
} from '@redline/core';
import { GIT_ENV, makeReview, makeTempRepo, type TempRepo } from '../../../testSupport/apply/applyTestKit.js';

// Fixed; REDLINE_APPLY_SEED / REDLINE_APPLY_CASES override them for a deeper run by hand.
const SEED = Number(process.env.REDLINE_APPLY_SEED ?? 0x5eed_a991);
const CASES = Number(process.env.REDLINE_APPLY_CASES ?? 2_000);
const GIT_SAMPLE = 200;
const PATH = 'src/edited file.ts';

// --- generators --------------------------------------------------------------

const TOKENS = ['a', 'b', 'foo', 'x = 1;', ' ', '  ', '\t', '`', '``', '```', '````', '~~~', 'é', '中文', '😀', '\u202E', '\u200B', '#', '>', '-', '{', '}', '\\'];
const lineArb = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...TOKENS), { maxLength: 4 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('', 'a', 'b', '}') },
);

type EolStyle = 'lf' | 'crlf' | 'mixed';
const eolArb = (style: EolStyle): fc.Arbitrary<Eol> =>
  style === 'lf'
    ? fc.constant('\n')
    : style === 'crlf'
      ? fc.constant('\r\n')
      : fc.oneof({ weight: 4, arbitrary: fc.constant<Eol>('\n') }, { weight: 4, arbitrary: fc.constant<Eol>('\r\n') }, { weight: 1, arbitrary: fc.constant<Eol>('\r') });

/** What the reviewer does to one original line, and what they insert before it. */
const lineEditArb = fc.record({
  insertBefore: fc.oneof({ weight: 5, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.array(lineArb, { minLength: 1, maxLength: 3 }) }),
  action: fc.oneof(
    { weight: 6, arbitrary: fc.constant<{ kind: 'keep' }>({ kind: 'keep' }) },
    { weight: 1, arbitrary: fc.constant<{ kind: 'delete' }>({ kind: 'delete' }) },
    { weight: 2, arbitrary: fc.array(lineArb, { minLength: 1, maxLength: 3 }).map((lines) => ({ kind: 'replace' as const, lines })) },
  ),
});

interface Case {
  original: string;
  edited: string[];
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    style: fc.constantFrom<EolStyle>('lf', 'crlf', 'mixed'),
    bom: fc.boolean(),
    finalNewline: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    count: fc.integer({ min: 0, max: 12 }),
  })
  .chain(({ style, bom, finalNewline, count }) =>
    fc.record({
      lines: fc.array(fc.tuple(lineArb, eolArb(style)), { minLength: count, maxLength: count }),
      edits: fc.array(lineEditArb, { minLength: count, maxLength: count }),
      append: fc.oneof({ weight: 4, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.array(lineArb, { minLength: 1, maxLength: 3 }) }),
      bom: fc.constant(bom),
      finalNewline: fc.constant(finalNewline),
    }),
  )
  .map(({ lines, edits, append, bom, finalNewline }) => {
    let original = bom ? '\uFEFF' : '';
    lines.forEach(([line, eol], i) => (original += line + (i === lines.length - 1 && !finalNewline ? '' : eol)));
    // The file's real lines (a lone CR before an empty LF line is a CRLF, say).
    const before = splitText(original).lines;
    const edited: string[] = [];
    before.forEach((line, i) => {
      const edit = edits[i] ?? { insertBefore: [], action: { kind: 'keep' as const } };
      edited.push(...edit.insertBefore);
      if (edit.action.kind === 'keep') edited.push(line);
      else if (edit.action.kind === 'replace') edited.push(...edit.action.lines);
    });
    edited.push(...append);
    return { original, edited };
  });

// --- the loop under test -------------------------------------------------------

function suggestionsFor(c: Case): Annotation[] {
  // One '\n' after every line: joined without a final one, a last empty line would vanish.
  const after = c.edited.map((line) => line + '\n').join('');
  const { hunks } = deriveSuggestionHunks(c.original, after, { timeoutMs: Infinity });
  const revision = sha256Hex(c.original);
  return hunks.map((h) => ({
    id: suggestionId({ path: PATH, side: 'new', ...h }),
    kind: 'suggestion',
    scope: 'line',
    path: PATH,
    side: 'new',
    startLine: h.startLine,
    endLine: h.endLine,
    text: 'Suggested edit.',
    originalCode: h.originalCode,
    suggestedCode: h.suggestedCode,
    deletion: h.deletion,
    revision,
    createdAt: '2026-01-01T00:00:00.000Z',
  }));
}

function viaMarkdownExport(suggestions: Annotation[]): Annotation[] {
  const parsed = parseFeedback(renderFeedbackMarkdown(makeReview(suggestions)));
  if (!parsed.ok) throw new Error(`the export did not parse: ${JSON.stringify(parsed.errors)}`);
  return parsed.review.annotations;
}

// --- the expected file, defined independently ----------------------------------

function expectedFile(original: string, suggestions: readonly Annotation[]): string {
  const layout = splitText(original);
  const out: TextLayout = { bom: layout.bom, lines: [], eols: [], dominantEol: layout.dominantEol };
  const previous = (): Eol => {
    const last = out.eols[out.eols.length - 1];
    return last === undefined || last === '' ? layout.dominantEol : last;
  };
  const push = (line: string, eol: Eol | '') => {
    out.lines.push(line);
    out.eols.push(eol);
  };
  const ordered = [...suggestions].sort((a, b) => a.startLine! - b.startLine!);
  let i = 0;
  for (const s of ordered) {
    const from = s.startLine! - 1;
    const to = s.endLine!;
    for (; i < from; i++) push(layout.lines[i]!, layout.eols[i]!);
    const removed = layout.lines.slice(from, to);
    const inserted = s.deletion ? [] : s.suggestedCode!.split('\n');
    let k = 0;
    for (const region of diffLineRegions(removed, inserted, { timeoutMs: Infinity }).regions) {
      for (; k < region.aStart; k++) push(removed[k]!, layout.eols[from + k]!);
      inserted.slice(region.bStart, region.bEnd).forEach((line, n) => {
        const gone = region.aEnd - region.aStart;
        push(line, gone === 0 ? previous() : layout.eols[from + region.aStart + Math.min(n, gone - 1)]!);
      });
      k = region.aEnd;
    }
    for (; k < removed.length; k++) push(removed[k]!, layout.eols[from + k]!);
    i = to;
  }
  for (; i < layout.lines.length; i++) push(layout.lines[i]!, layout.eols[i]!);
  const last = out.lines.length - 1;
  for (let k = 0; k < last; k++) if (out.eols[k] === '') out.eols[k] = layout.dominantEol;
  if (last >= 0) {
    if (layout.lines.length > 0 && layout.eols[layout.eols.length - 1] === '') out.eols[last] = '';
    else if (out.eols[last] === '') out.eols[last] = layout.dominantEol;
  }
  // A lone CR followed by an empty LF line would read as one CRLF line.
  for (let k = 0; k + 1 < out.lines.length; k++) {
    if (out.eols[k] === '\r' && out.lines[k + 1] === '' && out.eols[k + 1] === '\n') out.eols[k] = '\r\n';
  }
  return joinText(out);
}

/** The reviewer's lines as the file can hold them. */
function expectedContent(original: string, edited: readonly string[]): string[] {
  const layout = splitText(original);
  const endsBare = layout.lines.length > 0 && layout.eols[layout.eols.length - 1] === '';
  return endsBare && edited[edited.length - 1] === '' ? edited.slice(0, -1) : [...edited];
}

function uniformEndings(original: string): boolean {
  return new Set(splitText(original).eols.filter((eol) => eol !== '')).size <= 1;
}

// --- the property ---------------------------------------------------------------

describe('redline apply round trip', () => {
  it(`INVARIANT: derive -> markdown export -> parse -> planApply gives the reviewer's lines and the expected bytes exactly, and a second apply writes nothing (${CASES} cases, seed ${SEED})`, () => {
    const started = performance.now();
    let withSuggestions = 0;
    let rerunsOutdated = 0;
    fc.assert(
      fc.property(caseArb, (c) => {
        const suggestions = viaMarkdownExport(suggestionsFor(c));
        if (suggestions.length > 0) withSuggestions++;
        const first = planApply({ text: c.original, sha256: sha256Hex(c.original), suggestions });
        expect(first.outcomes.map((o) => `${o.status}:${o.message}`)).toEqual(first.outcomes.map((o) => `applied:${o.message}`));
        expect(splitText(first.newText).lines).toEqual(expectedContent(c.original, c.edited));
        expect(JSON.stringify(first.newText)).toBe(JSON.stringify(expectedFile(c.original, suggestions)));
        const second = planApply({ text: first.newText, sha256: sha256Hex(first.newText), suggestions });
        expect(second.newText).toBe(first.newText);
        const statuses = second.outcomes.map((o) => o.status);
        if (uniformEndings(c.original)) expect(statuses).toEqual(suggestions.map(() => 'already-applied'));
        else for (const status of statuses) expect(['already-applied', 'outdated']).toContain(status);
        if (statuses.includes('outdated')) rerunsOutdated++;
      }),
      { seed: SEED, numRuns: CASES },
    );
    // The generator must mostly produce real edits, or the property says little.
    expect(withSuggestions).toBeGreaterThan(CASES * 0.7);
    console.info(
      `round trip: ${CASES} cases (${withSuggestions} with suggestions; ${rerunsOutdated} mixed-ending reruns could not prove a deletion) in ${Math.round(performance.now() - started)} ms`,
    );
  });
});

describe('the --check diff applies with real git', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = makeTempRepo('redline-apply-git-');
  });
  afterAll(() => repo.remove());

  // Unusual names exercise git's path quoting.
  const names = ['plain.txt', 'with space/é.txt', 'q"uote\\back.txt', 'tab\there.txt'];

  it(`INVARIANT: git apply --check accepts formatUnifiedDiff's patch and git apply yields planApply's bytes (${GIT_SAMPLE} sampled cases, seed ${SEED})`, () => {
    const samples = fc.sample(caseArb, { seed: SEED, numRuns: GIT_SAMPLE });
    let patched = 0;
    samples.forEach((c, n) => {
      const plan = planApply({ text: c.original, sha256: sha256Hex(c.original), suggestions: viaMarkdownExport(suggestionsFor(c)) });
      const name = names[n % names.length]!;
      const diff = formatUnifiedDiff(name, c.original, plan.newText);
      if (diff === '') return;
      repo.write(name, c.original);
      const patchFile = join(repo.root, '.git', 'redline-apply-check.patch');
      writeFileSync(patchFile, diff);
      const check = spawnSync('git', ['apply', '--check', patchFile], { cwd: repo.root, env: GIT_ENV, encoding: 'utf8' });
      expect(check.status, `git apply --check failed on case ${n}: ${check.stderr}\n${diff}`).toBe(0);
      const apply = spawnSync('git', ['apply', patchFile], { cwd: repo.root, env: GIT_ENV, encoding: 'utf8' });
      expect(apply.status, apply.stderr).toBe(0);
      expect(readFileSync(join(repo.root, name)).equals(Buffer.from(plan.newText, 'utf8')), `case ${n}`).toBe(true);
      patched++;
    });
    expect(patched).toBeGreaterThan(GIT_SAMPLE * 0.6);
  });
});
