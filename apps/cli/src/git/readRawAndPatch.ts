/**
 * One `git diff --raw -p -z` run, read as it streams: first the raw records
 * (exact paths, modes, blob ids, statuses; NUL-separated, so no quoting),
 * then a NUL, then the patch. The raw part is parsed as soon as it is
 * complete (`onRaw`), which lets the caller start follow-up work while git is
 * still writing the patch; the patch is decoded as UTF-8 on the way (exactly
 * like decoding it whole) and handed on in pieces (`onPatchText`) while its
 * sections are counted. Raw listing and patch come from the same run, so they
 * always describe the same state of the repository.
 */
import { StringDecoder } from 'node:string_decoder';
import { RedlineError } from '../errors.js';
import { PatchSectionScanner, type PatchSection } from '../patch/patchSectionScanner.js';
import { parseRawZ, type RawEntry } from './parseRawZ.js';
import { streamGit } from './runGit.js';

export interface RawAndPatch {
  raw: RawEntry[];
  sections: PatchSection[];
  /** Patch lines outside any section (git writes none; non-zero means "do not trust the sections"). */
  strayLines: number;
}

export interface RawAndPatchOptions {
  cwd: string;
  env?: Readonly<Record<string, string>>;
  /** Called once, with the raw entries, before the first patch text. */
  onRaw?: (raw: RawEntry[]) => void;
  /** Each decoded piece of the patch, in order; their concatenation is the whole patch. */
  onPatchText: (text: string) => void;
}

const NUL = 0;
const COLON = 0x3a;
const SPACE = 0x20;

/** `args` must ask for `--raw -p -z --no-abbrev` (see rawAndPatchFlags). */
export async function readRawAndPatch(args: readonly string[], options: RawAndPatchOptions): Promise<RawAndPatch> {
  const splitter = new RawAndPatchSplitter(options);
  await streamGit(args, { cwd: options.cwd, ...(options.env ? { env: options.env } : {}) }, (chunk) => splitter.push(chunk));
  return splitter.end();
}

/** The output flags readRawAndPatch relies on. */
export const RAW_AND_PATCH_FLAGS: readonly string[] = ['--raw', '-p', '-z', '--no-abbrev'];

/** Splits the output as it arrives, in chunks of any size (exported for tests). */
export class RawAndPatchSplitter {
  private raw: RawEntry[] | null = null;
  /** Complete raw records seen so far. */
  private records: Buffer[] = [];
  /** Bytes of a raw record that has not fully arrived. */
  private pending: Buffer = Buffer.alloc(0);
  private readonly decoder = new StringDecoder('utf8');
  private readonly scanner = new PatchSectionScanner();

  constructor(private readonly options: Pick<RawAndPatchOptions, 'onRaw' | 'onPatchText'>) {}

  push(chunk: Buffer): void {
    if (this.raw !== null) return this.patchBytes(chunk);
    const data = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let at = 0;
    for (;;) {
      if (at >= data.length) break;
      if (data[at] === NUL) {
        // The separator: the raw part is done, the patch follows.
        this.finishRaw();
        this.pending = Buffer.alloc(0);
        if (at + 1 < data.length) this.patchBytes(data.subarray(at + 1));
        return;
      }
      const end = recordEnd(data, at);
      if (end === -1) break;
      this.records.push(data.subarray(at, end));
      at = end;
    }
    this.pending = data.subarray(at);
  }

  end(): RawAndPatch {
    if (this.raw === null) {
      if (this.pending.length > 0) throw new RedlineError('git-failed', 'git diff --raw output ended in the middle of a record');
      this.finishRaw(); // no separator: nothing changed at all
    }
    const rest = this.decoder.end();
    if (rest !== '') this.patchText(rest);
    return { raw: this.raw ?? [], sections: this.scanner.end(), strayLines: this.scanner.strayLines };
  }

  private finishRaw(): void {
    this.raw = parseRawZ(Buffer.concat(this.records).toString('utf8'));
    this.records = [];
    this.options.onRaw?.(this.raw);
  }

  private patchBytes(bytes: Buffer): void {
    const text = this.decoder.write(bytes);
    if (text !== '') this.patchText(text);
  }

  private patchText(text: string): void {
    this.scanner.push(text);
    this.options.onPatchText(text);
  }
}

/**
 * Where the raw record starting at `start` ends (after its last NUL), or -1
 * when it has not fully arrived. A record is `:<meta>\0<path>\0`, with a
 * second path for renames and copies (status letter R or C, ending the meta).
 */
function recordEnd(data: Buffer, start: number): number {
  if (data[start] !== COLON) {
    throw new RedlineError('git-failed', `unexpected byte in git diff --raw output: ${JSON.stringify(data.subarray(start, start + 40).toString('utf8'))}`);
  }
  const metaEnd = data.indexOf(NUL, start);
  if (metaEnd === -1) return -1;
  const status = data[data.lastIndexOf(SPACE, metaEnd) + 1];
  const paths = status === 0x52 /* R */ || status === 0x43 /* C */ ? 2 : 1;
  let end = metaEnd;
  for (let i = 0; i < paths; i++) {
    end = data.indexOf(NUL, end + 1);
    if (end === -1) return -1;
  }
  return end + 1;
}
