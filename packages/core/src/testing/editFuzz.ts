/**
 * Seeded generators of edit sessions, for the derivation and selection-anchor
 * fuzz (the unit suite and `npm run fuzz` share them). Test-only, but compiled
 * with the core so the fuzz script can import it from dist/.
 *
 * A case is a pre-edit text, an edited text made from it by several edit
 * operations, each serialized with its own line-ending style, final newline
 * and BOM. The shapes are chosen to hit what broke the seed's derivation:
 * collision-dense deletes, every-other-line deletes, boundary inserts at the
 * start and end, tiny files (0-3 lines), missing final newlines, CRLF, lone CR
 * and mixed endings, and many duplicate lines.
 */

/** A deterministic PRNG returning floats in [0, 1). */
export type Rng = () => number;

/** mulberry32: tiny, fast, good enough for fuzzing, identical in every JS engine. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Vocabulary = 'duplicates' | 'unique' | 'code';

export type EditPattern =
  | 'random-ops'
  | 'delete-every-other'
  | 'dense-deletes'
  | 'boundary-inserts'
  | 'dense-inserts'
  | 'rewrite'
  | 'endings-only'
  | 'delete-all'
  | 'from-empty';

export interface EditCase {
  before: string;
  after: string;
  /** The line views the texts were serialized from (what `toLines` must give back). */
  beforeLines: string[];
  afterLines: string[];
  /** For each edited line: the index of the pre-edit line it is an untouched copy of, or -1 when inserted or changed. */
  afterOrigins: number[];
  vocabulary: Vocabulary;
  pattern: EditPattern;
  /** Set on some cases to force the diff's cost cap (and so the fallback paths). */
  options?: { maxEditLength: number };
}

interface Line {
  text: string;
  origin: number;
}

const int = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

const DUPLICATE_LINES = ['a', 'b', 'c', '', '}', '  x = 1;', '\t'];
const CODE_LINES = ['}', '', '  return x;', 'if (x) {', '  // note', 'const y = 2;', 'end'];

/** Makes fresh line texts for one case. `unique` texts never repeat and never equal a pre-edit line. */
class LineMaker {
  private counter = 0;
  constructor(
    private readonly rng: Rng,
    readonly vocabulary: Vocabulary,
  ) {}
  original(): string {
    this.counter++;
    if (this.vocabulary === 'duplicates') return pick(this.rng, DUPLICATE_LINES);
    if (this.vocabulary === 'code' && this.rng() < 0.5) return pick(this.rng, CODE_LINES);
    return `line ${this.counter}`;
  }
  fresh(): string {
    this.counter++;
    if (this.vocabulary === 'duplicates') return pick(this.rng, DUPLICATE_LINES);
    if (this.vocabulary === 'code' && this.rng() < 0.4) return pick(this.rng, CODE_LINES);
    return `new ${this.counter}`;
  }
}

export function generateEditCase(rng: Rng): EditCase {
  const vocabulary = pick<Vocabulary>(rng, ['duplicates', 'duplicates', 'unique', 'code']);
  const maker = new LineMaker(rng, vocabulary);
  const roll = rng();
  const size = roll < 0.3 ? int(rng, 0, 3) : roll < 0.85 ? int(rng, 4, 40) : int(rng, 41, 240);
  const original: Line[] = Array.from({ length: size }, (_, i) => ({ text: maker.original(), origin: i }));

  const pattern = pick<EditPattern>(rng, [
    'random-ops',
    'random-ops',
    'random-ops',
    'random-ops',
    'delete-every-other',
    'dense-deletes',
    'boundary-inserts',
    'dense-inserts',
    'rewrite',
    'endings-only',
    'delete-all',
    'from-empty',
  ]);
  let edited = applyPattern(rng, maker, pattern, original);
  let before = original;
  if (pattern === 'from-empty') {
    before = [];
    edited = edited.map((line) => ({ text: line.text, origin: -1 }));
  }

  const beforeLines = before.map((line) => line.text);
  const afterLines = edited.map((line) => line.text);
  const result: EditCase = {
    before: serialize(rng, beforeLines),
    after: serialize(rng, afterLines),
    beforeLines,
    afterLines,
    afterOrigins: edited.map((line) => line.origin),
    vocabulary,
    pattern,
  };
  // Some cases get a cost cap: a tiny one (the quick pass gives up), or one just
  // above the quick pass's budget of 200 (the lower bound or the full pass decide).
  if (rng() < 0.1) result.options = { maxEditLength: rng() < 0.5 ? int(rng, 0, 4) : int(rng, 201, 260) };
  return result;
}

function applyPattern(rng: Rng, maker: LineMaker, pattern: EditPattern, original: readonly Line[]): Line[] {
  const lines = [...original];
  const freshRun = (n: number): Line[] => Array.from({ length: n }, () => ({ text: maker.fresh(), origin: -1 }));
  switch (pattern) {
    case 'random-ops': {
      const ops = int(rng, 1, 8);
      // Copying existing lines would break the 'unique' vocabulary's promise.
      const allowCopies = maker.vocabulary !== 'unique';
      for (let k = 0; k < ops; k++) randomOp(rng, lines, freshRun, allowCopies);
      return lines;
    }
    case 'delete-every-other': {
      const parity = int(rng, 0, 1);
      return lines.filter((_, i) => i % 2 !== parity);
    }
    case 'dense-deletes': {
      // Deletes one or two lines apart: neighbouring deletions compete for the same anchor line.
      const out: Line[] = [];
      let i = int(rng, 0, 1);
      for (let j = 0; j < lines.length; j++) {
        if (j === i) i += int(rng, 2, 3);
        else out.push(lines[j]!);
      }
      return out;
    }
    case 'boundary-inserts': {
      const out = [...lines];
      if (rng() < 0.8) out.splice(0, 0, ...freshRun(int(rng, 1, 2)));
      if (out.length > 1 && rng() < 0.6) out.splice(int(rng, 1, 2), 0, ...freshRun(1));
      if (rng() < 0.8) out.push(...freshRun(int(rng, 1, 2)));
      if (out.length > 2 && rng() < 0.5) out.splice(out.length - 1, 0, ...freshRun(1));
      return out;
    }
    case 'dense-inserts': {
      // Inserts before many lines, including the first: insertions compete for anchors too.
      const out: Line[] = [];
      for (const line of lines) {
        if (rng() < 0.5) out.push(...freshRun(int(rng, 1, 2)));
        out.push(line);
      }
      if (rng() < 0.5) out.push(...freshRun(1));
      return out;
    }
    case 'rewrite':
      return freshRun(int(rng, 0, Math.max(1, lines.length + 3)));
    case 'endings-only':
      return lines;
    case 'delete-all':
      return [];
    case 'from-empty':
      return freshRun(int(rng, 1, 6));
  }
}

function randomOp(rng: Rng, lines: Line[], freshRun: (n: number) => Line[], allowCopies: boolean): void {
  const op = pick(rng, ['delete', 'insert', 'insert', 'replace', 'modify', 'duplicate'] as const);
  if (op === 'duplicate' && !allowCopies) return;
  // Positions favour the boundaries, where anchors are scarce.
  const position = (max: number): number => {
    const r = rng();
    if (r < 0.2) return 0;
    if (r < 0.4) return max;
    return int(rng, 0, max);
  };
  if (op === 'insert') {
    lines.splice(position(lines.length), 0, ...freshRun(int(rng, 1, 3)));
    return;
  }
  if (lines.length === 0) return;
  const at = position(lines.length - 1);
  const count = Math.min(int(rng, 1, 3), lines.length - at);
  if (op === 'delete') lines.splice(at, count);
  else if (op === 'replace') lines.splice(at, count, ...freshRun(int(rng, 1, 3)));
  else if (op === 'modify') lines[at] = freshRun(1)[0]!;
  else lines.splice(at, 0, ...lines.slice(at, at + count).map((line) => ({ text: line.text, origin: -1 })));
}

type EndingStyle = 'lf' | 'crlf' | 'cr' | 'mixed';

/**
 * Writes lines with a random ending style, final newline and BOM, always so
 * that `toLines` reads the same lines back: a last line that is empty needs a
 * final newline, and a lone CR must not be followed by an LF (they would read
 * as one CRLF).
 */
export function serialize(rng: Rng, lines: readonly string[]): string {
  const style = pick<EndingStyle>(rng, ['lf', 'lf', 'crlf', 'cr', 'mixed']);
  const finalNewline = lines.length > 0 && (lines[lines.length - 1] === '' || rng() < 0.7);
  const endings: string[] = lines.map(() => {
    if (style === 'lf') return '\n';
    if (style === 'crlf') return '\r\n';
    if (style === 'cr') return '\r';
    return pick(rng, ['\n', '\r\n', '\r']);
  });
  if (lines.length > 0 && !finalNewline) endings[lines.length - 1] = '';
  // Backwards, so each check sees the final ending of the line after it.
  for (let i = lines.length - 1; i >= 0; i--) {
    const next = i + 1 < lines.length ? lines[i + 1]! + endings[i + 1]! : '';
    if (endings[i] === '\r' && next.startsWith('\n')) endings[i] = '\n';
  }
  let text = rng() < 0.1 ? '\uFEFF' : '';
  for (let i = 0; i < lines.length; i++) text += lines[i]! + endings[i]!;
  return text;
}

export interface SelectionCase extends EditCase {
  /** 1-based, inclusive, in the edited text; sometimes out of range or reversed on purpose. */
  selection: { startLine: number; endLine: number };
}

export function generateSelectionCase(rng: Rng): SelectionCase {
  const edit = generateEditCase(rng);
  const n = edit.afterLines.length;
  let startLine: number;
  let endLine: number;
  if (rng() < 0.1) {
    // Out of range or reversed: must be clamped, never trusted.
    startLine = int(rng, -2, n + 3);
    endLine = int(rng, -2, n + 3);
  } else {
    startLine = int(rng, 1, Math.max(1, n));
    endLine = Math.min(Math.max(1, n), startLine + (rng() < 0.5 ? 0 : int(rng, 1, 6)));
  }
  return { ...edit, selection: { startLine, endLine } };
}
