/**
 * The export's central promise, checked on generated reviews.
 *
 * Invariant: for every generated review r, parseFeedbackMarkdown(renderFeedbackMarkdown(r))
 * and parseFeedbackJson(renderFeedbackJson(r)) recover every suggestion's path, side,
 * startLine, endLine, originalCode, suggestedCode, deletion, id and revision exactly
 * (and, beyond the promise, every annotation's text, the summary and the target), and
 * the markdown has no unsafe character (nor any CR) outside fenced code. Seeing the change as it is added
 * to what is recovered: every line comment's quoted lines (code, old and new path) and
 * every renamed or copied file's similarity, in both forms. Then: every accepted agent
 * proposal's id (`proposal`), and every suggestion carried from an earlier round (the
 * round and the whole suggestion, docs/feedback-format.md section 8), in both forms; and
 * every fix set (this round's and carried: its id, description and members in order), in
 * both forms; and every annotation's label (kind and blocking, or none), in both forms,
 * with the markdown's "N blocking" note counting the blocking ones.
 *
 * 2,000 reviews, fixed seed. Reviews have up to 8 files and 14 annotations of every
 * kind and scope; paths and texts mix spaces, backticks, `#`, `>`, backslashes, `\u{`,
 * newlines, CR, tabs, bidi, invisible and tag characters and astral characters; code
 * has backtick runs of every length 0-12, blank, whitespace-only and CR-containing
 * lines, leading and trailing blank lines, deletions and empty-file insertions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFeedbackJson } from './parseFeedbackJson.js';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { normalizeFeedbackReview } from './normalizeFeedbackReview.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';
import { suggestionId } from '../model/suggestionId.js';
import { makeFixSet } from '../fixSets/makeFixSet.js';
import { hasUnsafeChars } from '../safety/textSafety.js';
import { LABEL_KINDS } from '../model/commentLabel.js';
import { blockingCountNote } from './feedbackMarkdownSyntax.js';
import type { Annotation, FeedbackReview, FileStatus, FixSet, Suggestion } from '../model/types.js';

const SEED = 20260301;
const RUNS = 2000;

const nasty = ['`', '``', '#', '>', '\\', '\\u{', '}', '*', '_', '\t', '\u202E', '\u2066', '\u200B', '\uFEFF', '\u{E0041}', '\u{E007F}', '\u00AD', '\u0007', '\u0085', 'é', '😀', '漢', '—', '·'];
const plain = ['a', 'b', 'z', '0', '1', ' ', ' ', '.', '/', '-', '(', ')', ':'];

/** A backtick run of any length 0-12 somewhere in a line. */
const backtickRun = fc.integer({ min: 0, max: 12 }).map((n) => '`'.repeat(n));
const lineText = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...plain) }, { weight: 2, arbitrary: fc.constantFrom(...nasty) }, { weight: 1, arbitrary: backtickRun }, { weight: 1, arbitrary: fc.constant('\r') }), { maxLength: 10 })
  .map((parts) => parts.join(''));
const codeLine = fc.oneof(
  { weight: 6, arbitrary: lineText },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom(' ', '\t', '   \t ') },
  { weight: 1, arbitrary: backtickRun.map((run) => run + 'ts') },
  { weight: 1, arbitrary: fc.constantFrom('```', '````', '## `x`', '### Line 1 (new)', '**Suggested code:** (1 line)', '> quote', '# Code review feedback', '</details>', '**Quoted lines:** (1 line) · new side of `x`') },
);
const codeLines = fc.array(codeLine, { minLength: 1, maxLength: 6 });
const proseText = fc
  .array(fc.oneof(lineText, fc.constantFrom('\n', '\r\n', '\n\n', '### Line 2 (old)', '## General', '```', '> ')), { maxLength: 6 })
  .map((parts) => parts.join(''));
const pathText = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...plain) }, { weight: 2, arbitrary: fc.constantFrom(...nasty, '\n', '\r', ' ') }), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''))
  .map((p) => (p === '' ? 'x' : p));
const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });

type Shape = 'comment' | 'file' | 'general' | 'suggestion' | 'deletion' | 'empty-file';

const annotationSeed = fc.record({
  shape: fc.constantFrom<Shape>('comment', 'file', 'general', 'suggestion', 'suggestion', 'deletion', 'empty-file'),
  pathIndex: fc.nat(),
  side: fc.constantFrom<'old' | 'new'>('old', 'new'),
  startLine: fc.integer({ min: 1, max: 400 }),
  span: fc.integer({ min: 0, max: 4 }),
  original: codeLines,
  suggested: codeLines,
  text: proseText,
  revision: fc.option(hex(64), { nil: null }),
  highlightedText: fc.option(codeLines.map((l) => l.join('\n')), { nil: undefined, freq: 4 }),
  approximate: fc.boolean(),
  outdated: fc.option(codeLines.map((l) => l.join('\n')), { nil: undefined, freq: 4 }),
  createdAt: fc.constantFrom('', '2026-03-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z'),
  author: fc.option(fc.constantFrom('ada', 'b\u202Eob'), { nil: undefined }),
  quoted: fc.option(fc.record({ code: codeLines, sides: fc.constantFrom('same', 'renamed', 'deleted', 'added'), oldPath: pathText }), { nil: undefined, freq: 2 }),
  proposal: fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('p1', 'p-`x`', 'p\u202Ey', 'p · ### Round 1') }),
  label: fc.option(fc.record({ kind: fc.constantFrom(...LABEL_KINDS), blocking: fc.boolean() }), { nil: undefined, freq: 2 }),
  /** Carried from this earlier round (a suggestion with a revision only). */
  carriedRound: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 12 }) }),
  /** The fix set a suggestion joins (0: none); a group of two or more becomes a set. */
  setGroup: fc.constantFrom(0, 0, 1, 1, 2),
});

type AnnotationSeed = typeof annotationSeed extends fc.Arbitrary<infer T> ? T : never;
type FileEntry = NonNullable<FeedbackReview['files']>[number];

function buildAnnotation(seed: AnnotationSeed, paths: string[], index: number): Annotation {
  const path = paths[seed.pathIndex % paths.length]!;
  const common = { text: seed.text, createdAt: seed.createdAt, ...(seed.author === undefined ? {} : { author: seed.author }), ...(seed.proposal === undefined ? {} : { proposal: seed.proposal }), ...(seed.label === undefined ? {} : { label: seed.label }) };
  const flags = {
    ...(seed.highlightedText === undefined ? {} : { highlightedText: seed.highlightedText }),
    ...(seed.approximate ? { approximate: true } : {}),
    ...(seed.outdated === undefined ? {} : { outdated: true, anchorSnippet: seed.outdated }),
  };
  switch (seed.shape) {
    case 'general':
      return { id: `g${index}`, kind: 'comment', scope: 'general', path: '', ...common };
    case 'file':
      return { id: `f${index}`, kind: 'comment', scope: 'file', path, ...common };
    case 'comment': {
      const quoted = seed.quoted && { code: seed.quoted.code.join('\n'), ...quotedPaths(seed.quoted.sides, seed.quoted.oldPath, path) };
      const endLine = seed.startLine + (quoted ? seed.quoted!.code.length - 1 : seed.span);
      return { id: `c${index}`, kind: 'comment', scope: 'line', path, side: seed.side, startLine: seed.startLine, endLine, ...common, ...flags, ...(quoted ? { quoted } : {}) };
    }
    default: {
      const emptyFile = seed.shape === 'empty-file';
      const deletion = seed.shape === 'deletion';
      const originalCode = emptyFile ? '' : seed.original.join('\n');
      const startLine = emptyFile ? 1 : seed.startLine;
      const endLine = emptyFile ? 0 : startLine + seed.original.length - 1;
      const suggestedCode = deletion ? '' : seed.suggested.join('\n');
      const content = { path, side: 'new' as const, startLine, endLine, originalCode, suggestedCode, deletion };
      return {
        id: suggestionId(content),
        kind: 'suggestion',
        scope: 'line',
        ...content,
        ...common,
        ...flags,
        revision: seed.revision,
      };
    }
  }
}

function quotedPaths(sides: string, oldPath: string, path: string): { oldPath: string | null; newPath: string | null } {
  if (sides === 'renamed') return { oldPath, newPath: path };
  if (sides === 'deleted') return { oldPath: path, newPath: null };
  if (sides === 'added') return { oldPath: null, newPath: path };
  return { oldPath: path, newPath: path };
}

const reviewArbitrary = fc
  .record({
    paths: fc.uniqueArray(pathText, { minLength: 1, maxLength: 8 }),
    seeds: fc.array(annotationSeed, { maxLength: 14 }),
    target: fc.record({
      kind: fc.constantFrom('working-tree', 'staged', 'base', 'commit', 'range', 'patch' as const),
      description: proseText,
      baseCommit: fc.option(hex(40), { nil: null }),
      headCommit: fc.option(hex(40), { nil: null }),
    }),
    verdict: fc.constantFrom('approve', 'request-changes', 'comment' as const),
    summary: proseText,
    facts: fc.array(fc.record({ pathIndex: fc.nat(), status: fc.constantFrom<FileStatus>('added', 'modified', 'deleted', 'renamed', 'copied', 'type-changed'), oldPath: pathText, similarity: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }) }), { maxLength: 4 }),
    descriptions: fc.tuple(proseText, proseText),
  })
  .map(({ paths, seeds, target, verdict, summary, facts, descriptions }): FeedbackReview => {
    const byId = new Map<string, Annotation>();
    const carried = new Map<string, NonNullable<FeedbackReview['carried']>[number]>();
    seeds.forEach((seed, i) => {
      const annotation = buildAnnotation(seed, paths, i);
      if (byId.has(annotation.id) || carried.has(annotation.id)) return;
      if (seed.carriedRound !== undefined && annotation.kind === 'suggestion' && annotation.revision !== null) carried.set(annotation.id, { round: seed.carriedRound, suggestion: annotation });
      else byId.set(annotation.id, annotation);
    });
    const files = new Map<string, FileEntry>();
    for (const f of facts) {
      const path = paths[f.pathIndex % paths.length]!;
      const renamed = f.status === 'renamed' || f.status === 'copied';
      files.set(path, renamed ? { path, status: f.status, oldPath: f.oldPath, similarity: f.similarity } : { path, status: f.status as 'added', oldPath: null });
    }
    // Fix sets: this round's suggestions by group, and the carried ones by group and round.
    const groupOf = new Map(seeds.map((seed, i) => [buildAnnotation(seed, paths, i).id, seed.setGroup]));
    const groups = new Map<string, Suggestion[]>();
    const join = (key: string, s: Suggestion) => groups.set(key, [...(groups.get(key) ?? []), s]);
    for (const a of byId.values()) if (a.kind === 'suggestion' && groupOf.get(a.id)) join(`now ${groupOf.get(a.id)}`, a);
    for (const c of carried.values()) if (groupOf.get(c.suggestion.id)) join(`${c.round} ${groupOf.get(c.suggestion.id)}`, c.suggestion);
    const fixSets: FixSet[] = [];
    const carriedSets: NonNullable<FeedbackReview['carriedSets']> = [];
    for (const [key, members] of groups) {
      if (members.length < 2) continue;
      const [round, group] = key.split(' ');
      const set = makeFixSet(members, descriptions[Number(group) - 1]!);
      if (round === 'now') fixSets.push(set);
      else carriedSets.push({ round: Number(round), set });
    }
    return {
      target, verdict, summary, annotations: [...byId.values()], files: [...files.values()],
      ...(carried.size > 0 ? { carried: [...carried.values()] } : {}),
      ...(fixSets.length > 0 ? { fixSets } : {}),
      ...(carriedSets.length > 0 ? { carriedSets } : {}),
    };
  });

const SUGGESTION_FIELDS = ['id', 'path', 'side', 'startLine', 'endLine', 'originalCode', 'suggestedCode', 'revision'] as const;

function suggestionsById(review: FeedbackReview): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const a of review.annotations) {
    if (a.kind !== 'suggestion') continue;
    const fields: Record<string, unknown> = Object.fromEntries(SUGGESTION_FIELDS.map((k) => [k, a[k]]));
    fields.deletion = a.deletion === true;
    out.set(a.id, fields);
  }
  return out;
}

/** The markdown with every column-0 fenced block removed (an independent, CommonMark-style scan). */
function outsideFences(markdown: string): string {
  const kept: string[] = [];
  let fence: number | null = null;
  for (const line of markdown.split('\n')) {
    if (fence === null) {
      const open = /^(`{3,})[^`]*$/.exec(line);
      if (open) fence = open[1]!.length;
      else kept.push(line);
    } else {
      const close = /^(`+)[ \t]*$/.exec(line);
      if (close && close[1]!.length >= fence) fence = null;
    }
  }
  expect(fence).toBeNull();
  return kept.join('\n');
}

describe('feedback export round trip', () => {
  it(`parse(render(r)) recovers every suggestion exactly in both forms, and no unsafe character appears outside fenced code (${RUNS} generated reviews, seed ${SEED})`, () => {
    const started = performance.now();
    let suggestions = 0;
    let carriedCount = 0;
    let setCount = 0;
    let labelled = 0;
    fc.assert(
      fc.property(reviewArbitrary, (review) => {
        const normalized = normalizeFeedbackReview(review);
        const expected = suggestionsById(normalized);
        suggestions += expected.size;

        const markdown = renderFeedbackMarkdown(review);
        const fromMarkdown = parseFeedbackMarkdown(markdown);
        if (!fromMarkdown.ok) throw new Error(`markdown did not parse: ${JSON.stringify(fromMarkdown.errors)}\n${markdown}`);
        expect(suggestionsById(fromMarkdown.review)).toEqual(expected);
        // A set's members are read back from its section into the one order, which the markdown's missing creation times may break ties of differently.
        const inOrder = (rows: unknown[][]) => (normalized.fixSets || normalized.carriedSets ? rows.map((r) => JSON.stringify(r)).sort() : rows);
        expect(inOrder(fromMarkdown.review.annotations.map(carriedFields))).toEqual(
          inOrder(normalized.annotations.map(carriedFields)),
        );
        expect(inOrder((fromMarkdown.review.carried ?? []).map((c) => [c.round, ...carriedFields(c.suggestion), suggestionsById({ ...review, annotations: [c.suggestion] }).get(c.suggestion.id)]))).toEqual(
          inOrder((normalized.carried ?? []).map((c) => [c.round, ...carriedFields(c.suggestion), suggestionsById({ ...review, annotations: [c.suggestion] }).get(c.suggestion.id)])),
        );
        // Every fix set, this round's and carried, with its id, description and members in order.
        expect(fromMarkdown.review.fixSets).toEqual(normalized.fixSets);
        expect(fromMarkdown.review.carriedSets).toEqual(normalized.carriedSets);
        setCount += (normalized.fixSets?.length ?? 0) + (normalized.carriedSets?.length ?? 0);
        carriedCount += normalized.carried?.length ?? 0;
        labelled += normalized.annotations.filter((a) => a.label !== undefined).length;
        // The note above the annotations counts the blocking ones, and is absent without any.
        const blocking = normalized.annotations.filter((a) => a.label?.blocking).length;
        expect(markdown.split('\n').filter((line) => /^_\d+ blocking: /.test(line))).toEqual(blocking > 0 ? [blockingCountNote(blocking)] : []);
        expect(fromMarkdown.review.summary).toBe(review.summary);
        expect(fromMarkdown.review.target).toEqual(review.target);
        // The markdown names the files it has sections for; each as the review has it, similarity included.
        for (const file of fromMarkdown.review.files ?? []) expect(normalized.files).toContainEqual(file);

        const outside = outsideFences(markdown);
        expect(hasUnsafeChars(outside, { atFileStart: false, carriageReturns: true })).toBe(false);

        const json = renderFeedbackJson(review);
        expect(json).toMatch(/^[\x00-\x7e]*$/);
        const fromJson = parseFeedbackJson(json);
        if (!fromJson.ok) throw new Error(`json did not parse: ${JSON.stringify(fromJson.errors)}`);
        expect(suggestionsById(fromJson.review)).toEqual(expected);
        const carriedCanonical = normalized.carried?.map((c) => ({ round: c.round, suggestion: canonical(c.suggestion) as typeof c.suggestion }));
        expect(fromJson.review).toEqual(normalizeFeedbackReview({ ...normalized, annotations: normalized.annotations.map(canonical), ...(carriedCanonical ? { carried: carriedCanonical } : {}) }));
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`round trip: ${RUNS} reviews, ${suggestions} suggestions, ${carriedCount} carried, ${setCount} fix sets, ${labelled} labelled, ${seconds.toFixed(1)} s`);
    expect(suggestions).toBeGreaterThan(RUNS);
    expect(carriedCount).toBeGreaterThan(RUNS / 2);
    expect(setCount).toBeGreaterThan(RUNS / 5);
    expect(labelled).toBeGreaterThan(RUNS);
  }, 120_000); // ~3 s alone; far more on a loaded 2-core machine
});

/** What both forms carry of any annotation's anchor. */
function carriedFields(a: Annotation): unknown[] {
  const line = a.scope === 'line' ? [a.side, a.startLine, a.endLine] : [undefined, undefined, undefined];
  return [a.kind, a.scope, a.path, ...line, a.text, a.kind === 'comment' && a.scope === 'line' ? a.quoted : undefined, a.proposal, a.label];
}

/** The JSON form writes `deletion` on every suggestion and the flags only when true. */
function canonical(a: Annotation): Annotation {
  const out = { ...a };
  if (out.kind === 'suggestion') out.deletion = out.deletion === true;
  if (!out.approximate) delete out.approximate;
  if (!out.outdated) delete out.outdated;
  return out;
}
