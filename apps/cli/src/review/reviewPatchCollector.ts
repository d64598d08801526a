/**
 * Gathers a reading's patch as it streams out of git and makes, on the way,
 * its fingerprint and (when the page will want it) the review endpoint's
 * compressed JSON answer. So once git is done there is no second pass over
 * an 18 MB patch: no re-hashing, no JSON.stringify, no synchronous
 * compression. Compression runs on zlib's thread pool, alongside git.
 */
import { promisify } from 'node:util';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { brotliCompress, constants as zlib, createBrotliCompress, createBrotliDecompress, createGzip, gzip, type BrotliCompress } from 'node:zlib';
import type { FileFacts, ReviewData } from '@redline/core';
import { ReviewFingerprint } from './fingerprintReview.js';
import { escapeJsonText, makeReviewData, reviewJsonHead, reviewJsonTail, type ReviewDataParts } from './reviewDataJson.js';
import type { AnswerCoding, EncodedReview } from './reviewSnapshot.js';

/**
 * Compression for the review answer, which goes over loopback: there CPU is
 * what costs time (the same 2 cores run git), not bytes. Measured on an
 * 18 MB patch's JSON: brotli quality 1 in about 145 ms to 4.5 MB; gzip level
 * 1 in 190-250 ms to 4.9 MB, level 4 in 315 ms to 4.2 MB. Browsers ask for
 * br (Chromium does on http://127.0.0.1 too); gzip is made for clients that
 * only take gzip, on their first request.
 */
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };
/**
 * An answer that fits one batch (below) is compressed at quality 5: on S's
 * 149 KB of JSON that is 2.7 ms against 0.8 ms, for 37.8 KB against 45.0 KB
 * on the wire. It starts once the patch is complete (patchDone), while the
 * link goes out and the rounds are read, so the answer's tail ends it at
 * once. Past one batch the answer streams at quality 1.
 */
const SMALL_ANSWER_BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };
const GZIP_OPTIONS = { level: 1 };

function brotliOptionsFor(jsonBytes: number) {
  return jsonBytes <= BATCH_BYTES ? SMALL_ANSWER_BROTLI_OPTIONS : BROTLI_OPTIONS;
}

export class ReviewPatchCollector {
  /**
   * Built with `+=`: V8 keeps the pieces as a rope and copies them into one
   * flat string only if something reads it whole (a client that takes no
   * compression, say), not on the way to the page.
   */
  private patch = '';
  private readonly fingerprint = new ReviewFingerprint();
  private encoder: JsonBrotliEncoder | null;

  /**
   * @param encode also make the brotli-compressed JSON answer
   * @param pageThreshold past this length the review is answered in pages (reviewPages.ts): the whole answer is never sent, so it stops being made
   */
  constructor(
    private readonly frame: ReviewDataParts,
    encode: boolean,
    private readonly pageThreshold = Infinity,
  ) {
    this.encoder = encode ? new JsonBrotliEncoder(reviewJsonHead(frame)) : null;
  }

  /** The next piece of the patch, in order. */
  add(text: string): void {
    if (text === '') return;
    this.patch += text;
    this.fingerprint.addPatch(text);
    if (this.encoder && this.patch.length > this.pageThreshold) this.abort();
    this.encoder?.write(escapeJsonText(text));
  }

  /** Every piece of the patch is in: a small answer's compression starts now (the tail comes with finish). */
  patchDone(): void {
    this.encoder?.settle();
  }

  /** The reading's ReviewData (patch, files, fingerprint) and, if asked for, its encoded answer. */
  async finish(files: FileFacts[]): Promise<{ data: ReviewData; encoded: EncodedReview | null }> {
    const filesJson = JSON.stringify(files);
    const fingerprint = this.fingerprint.finish(filesJson);
    const patch = this.patch;
    this.patch = '';
    const encoded = this.encoder ? await this.encoder.end(reviewJsonTail(this.frame, filesJson, fingerprint)) : null;
    return { data: makeReviewData(this.frame, patch, files, fingerprint), encoded };
  }

  /** The reading failed: stop compressing. */
  abort(): void {
    this.encoder?.destroy();
    this.encoder = null;
  }
}

/**
 * Text is handed to brotli in batches of this many bytes: brotli's fast
 * qualities compress each write on its own terms, and the pipe's 4-64 KB
 * pieces made an 18 MB patch's answer 20-40% larger and slower to make
 * (5.6 MB at 16 KB writes, 4.6 MB at 256 KB). The batch is one reused
 * buffer the text is encoded into, so no joined copy of it is made.
 */
const BATCH_BYTES = 256 * 1024;

/**
 * JSON text in, brotli out, compressed as it is written once it is past one
 * batch (quality 1); an answer within one batch is compressed at quality 5,
 * from when it is settled (or whole when it ends).
 */
class JsonBrotliEncoder {
  private stream: { compress: BrotliCompress; done: Promise<void> } | null = null;
  private destroyed = false;
  private readonly compressed: Buffer[] = [];
  private batch = Buffer.allocUnsafe(BATCH_BYTES);
  private used = 0;
  private jsonBytes = 0;

  constructor(head: string) {
    this.write(head);
  }

  private startStream(options = BROTLI_OPTIONS): { compress: BrotliCompress; done: Promise<void> } {
    const compress = createBrotliCompress({ ...options, chunkSize: BATCH_BYTES });
    compress.on('data', (chunk: Buffer) => this.compressed.push(chunk));
    const done = new Promise<void>((resolve, reject) => {
      compress.once('end', resolve);
      compress.once('error', reject);
    });
    done.catch(() => undefined); // awaited in end(); not an unhandled rejection meanwhile
    return { compress, done };
  }

  /** The rest is only the answer's tail: a small answer starts compressing at quality 5 now. */
  settle(): void {
    if (this.stream !== null || this.destroyed) return;
    this.stream = this.startStream(SMALL_ANSWER_BROTLI_OPTIONS);
    this.flushBatch();
  }

  write(text: string): void {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (this.used + bytes > BATCH_BYTES) {
      this.flushBatch();
      if (bytes > BATCH_BYTES) return this.send(Buffer.from(text, 'utf8'));
    }
    this.used += this.batch.write(text, this.used, 'utf8');
  }

  private flushBatch(): void {
    if (this.used === 0) return;
    const full = this.batch.subarray(0, this.used);
    this.batch = Buffer.allocUnsafe(BATCH_BYTES); // the stream keeps `full` until it has compressed it
    this.used = 0;
    this.send(full);
  }

  private send(bytes: Buffer): void {
    this.jsonBytes += bytes.length;
    if (this.destroyed) return;
    this.stream ??= this.startStream();
    this.stream.compress.write(bytes);
  }

  async end(tail: string): Promise<EncodedReview> {
    this.write(tail);
    if (this.stream === null) {
      const whole = this.batch.subarray(0, this.used);
      return { jsonBytes: whole.length, bodies: { br: await promisify(brotliCompress)(whole, brotliOptionsFor(whole.length)) } };
    }
    this.flushBatch();
    this.stream.compress.end();
    await this.stream.done;
    return { jsonBytes: this.jsonBytes, bodies: { br: Buffer.concat(this.compressed) } };
  }

  destroy(): void {
    this.destroyed = true;
    this.stream?.compress.destroy();
  }
}

const compressors: Record<AnswerCoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json) => promisify(brotliCompress)(json, brotliOptionsFor(json.length)),
  gzip: (json) => promisify(gzip)(json, GZIP_OPTIONS),
  identity: async (json) => json,
};

/**
 * The answer in `encoding`, made now if the snapshot does not have it yet
 * (a --patch review, or a client that takes only gzip), then kept with it.
 * A gzip answer is made from the brotli one when there is one, streamed
 * (brotli undone and gzip made in pieces, on zlib's thread pool): never the
 * whole JSON text or its bytes at once. With XL's whole answer (85 MB),
 * five `fetch`es that asked for gzip (Node's own asks for nothing else)
 * peaked the server at 577 MB when it was made from JSON.stringify, 382 MB so.
 */
export async function encodeReviewAnswer(
  data: ReviewData,
  encoded: EncodedReview | null | undefined,
  encoding: AnswerCoding,
): Promise<EncodedReview> {
  const have = encoded ?? { jsonBytes: -1, bodies: {} };
  if (have.bodies[encoding] !== undefined) return have;
  const br = have.bodies.br;
  if (encoding === 'gzip' && br !== undefined) return { jsonBytes: have.jsonBytes, bodies: { ...have.bodies, gzip: await brotliToGzip(br) } };
  const json = Buffer.from(JSON.stringify(data), 'utf8');
  return { jsonBytes: json.length, bodies: { ...have.bodies, [encoding]: await compressors[encoding](json) } };
}

async function brotliToGzip(br: Buffer): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from([br]), createBrotliDecompress(), createGzip(GZIP_OPTIONS), async (gzipped: AsyncIterable<Buffer>) => {
    for await (const chunk of gzipped) out.push(chunk);
  });
  return Buffer.concat(out);
}
