/**
 * Lets a patch stream on while it is not yet known which of a few of its
 * sections are to be left out: the tracked diff of a working tree starts
 * before the pairing of its deleted files with untracked ones is known
 * (gitReviewSource.ts), and the sections of the deleted files that pair are
 * then dropped, each with the bytes git wrote for it, so what passes is what
 * a diff without those paths would have written, in the same order.
 *
 * Text passes at once up to the first section whose header is a candidate;
 * from there it is held until `decide` names the headers to drop (a candidate
 * section met after that is dropped or passed as it streams). Sections start
 * at a line `diff --git `, which no content line of git's patch does (see
 * patchSectionScanner.ts); text is only ever cut at line ends.
 */
export class PatchSectionGate {
  /** The start of a line whose end has not arrived yet. */
  private carry = '';
  /** Everything from the first undecided candidate section on, as it came; null when nothing is held. */
  private held: string[] | null = null;
  /** The headers to drop; null until decided. */
  private drop: ReadonlySet<string> | null = null;
  /** Whether the section being read is dropped. */
  private dropping = false;
  /** The decided headers to drop not met yet: once none is left, the rest of the patch passes as it comes. */
  private toDrop = new Set<string>();
  private passing = false;

  /**
   * @param candidates the `diff --git` lines (gitDiffHeader) of the sections that may be dropped, each heading one section at most (a deleted or an added file's)
   * @param out each piece of text that passes, in order
   */
  constructor(
    private readonly candidates: ReadonlySet<string>,
    private readonly out: (text: string) => void,
  ) {}

  /** The next piece of the patch (any split, even mid-line). */
  push(text: string): void {
    if (this.held) this.held.push(text);
    else this.feed(text);
  }

  /** Which of the candidates' sections to leave out (the held text goes on now). */
  decide(drop: ReadonlySet<string>): void {
    this.drop = drop;
    this.toDrop = new Set([...drop].filter((header) => this.candidates.has(header)));
    const held = this.held ?? [];
    this.held = null;
    for (const text of held) this.feed(text);
  }

  /** The patch is complete (after `decide`: held text waits for it). */
  end(): void {
    if (this.drop === null) throw new Error('PatchSectionGate.end before decide: held text would be lost');
    const rest = this.carry;
    this.carry = '';
    if (rest !== '') this.lines(rest);
  }

  private feed(text: string): void {
    if (this.passing) return this.out(text);
    if (this.carry !== '' && !text.includes('\n')) {
      this.carry += text;
      return;
    }
    const data = this.carry + text;
    const end = data.lastIndexOf('\n') + 1;
    this.carry = data.slice(end);
    if (end > 0) this.lines(data.slice(0, end));
  }

  /** Whole lines (the last one may lack its newline only at the patch's end). */
  private lines(data: string): void {
    let from = 0; // what is not yet passed or dropped
    let at = data.startsWith('diff --git ') ? 0 : nextSection(data, 0);
    while (at !== -1) {
      if (!this.dropping && at > from) this.out(data.slice(from, at));
      from = at;
      const lineEnd = data.indexOf('\n', at);
      const header = data.slice(at, lineEnd === -1 ? data.length : lineEnd);
      const candidate = this.candidates.has(header);
      if (candidate && this.drop === null) {
        // Undecided: hold this section and all that follows (the carried line comes after it).
        this.held = [data.slice(at), this.carry];
        this.carry = '';
        this.dropping = false;
        return;
      }
      this.dropping = candidate && this.drop!.has(header);
      if (this.dropping) this.toDrop.delete(header);
      else if (this.toDrop.size === 0 && this.drop !== null) return this.passRest(data.slice(at));
      at = nextSection(data, at);
    }
    if (!this.dropping && from < data.length) this.out(from === 0 ? data : data.slice(from));
  }

  /** Nothing is left to drop: `rest` and all that follows pass as they come. */
  private passRest(rest: string): void {
    this.passing = true;
    this.out(rest);
    const carry = this.carry;
    this.carry = '';
    if (carry !== '') this.out(carry);
  }
}

/** Where the next section after position `from` starts (just after a newline), or -1. */
function nextSection(data: string, from: number): number {
  const at = data.indexOf('\ndiff --git ', from);
  return at === -1 ? -1 : at + 1;
}
