/**
 * One review from start to verdict: reads the diff, remembers the snapshots
 * it handed to the page (by fingerprint), serves file contents, freshness and
 * drafts, and settles `outcome` once, when the page sends feedback or closes
 * the review. The HTTP routes are thin wrappers around these methods.
 */
import { buildFeedbackReview, renderFeedbackJson, renderFeedbackMarkdown } from '@redline/core';
import type { CheckedResult, DraftData, FeedbackResult, PullRequestData, FeedbackSubmission, FileContentsData, FreshnessData } from '@redline/core';
import type { ManualPair, ProposalState, ReviewData, ReviewSectionsData, ServedReviewData } from '@redline/core';
import { ProposalBoard } from '../proposals/proposalBoard.js';
import { QuestionBoard } from '../questions/questionBoard.js';
import type { CompareBoard } from '../compare/compareBoard.js';
import { join } from 'node:path';
import { DraftStore } from '../drafts/draftStore.js';
import { RedlineError } from '../errors.js';
import { encodeReviewAnswer } from './reviewPatchCollector.js';
import { PagedAnswers } from './pagedAnswers.js';
import { DEFAULT_PAGE_BYTES_THRESHOLD } from './reviewPages.js';
import type { OpeningHooks, ReviewOpening, ReviewSource } from './reviewSource.js';
import type { AnswerCoding, EncodedReview, FileEntry, ReviewSnapshot } from './reviewSnapshot.js';
import type { ImageSide } from './readImageBytes.js';
import { ChangeWatcher } from './changeWatcher.js';
import { SessionDrafts } from './sessionDrafts.js';

export type OutputFormat = 'markdown' | 'json';

/** A snapshot with the data and answer it had when it was chosen. */
interface ServedSnapshot {
  snapshot: ReviewSnapshot;
  data: ReviewData;
  encoded: ReviewSnapshot['encoded'];
}

export type ReviewOutcome =
  | {
      kind: 'feedback';
      /** What the CLI prints: the export in the requested format. */
      output: string;
      format: OutputFormat;
      markdown: string;
      json: string;
      /** What the page sent (the verdict, the reviewer and thread acts are recorded as the series' next round). */
      submission: FeedbackSubmission;
      /** Every fingerprint served during the review: their drafts are done with. */
      fingerprints: string[];
      /** The agent's proposals as the export lists them (the round counts the reviewer's answers). */
      proposals: ProposalState[];
      /** The pull request the review is of (the round records it, for `redline publish`); null for a local review. */
      pullRequest: PullRequestData | null;
    }
  | { kind: 'closed' };

/** How many past readings of the diff stay addressable by fingerprint. */
const SNAPSHOTS_KEPT = 8;

export class ReviewSession {
  readonly drafts: DraftStore;
  /** The agent's proposals and tour, and the reviewer's answers: added on the agent's routes, answered on the reviewer's. */
  readonly proposals = new ProposalBoard();
  /** The reviewer's questions to the agent: asked on the reviewer's route, answered on the agent's. */
  readonly questions = new QuestionBoard();
  /** A `redline compare` review's variants and picks (compare/compareBoard.ts), attached before the server starts; null in any other review. */
  compare: CompareBoard | null = null;
  readonly outcome: Promise<ReviewOutcome>;
  private settle!: (outcome: ReviewOutcome) => void;
  private ended = false;
  private readonly snapshots = new Map<string, ReviewSnapshot>();
  private latest: ReviewSnapshot | null = null;
  private readonly latestByMode = new Map<boolean, ReviewSnapshot>();
  /** When each mode's latest snapshot was last known current: the start of the check (or reading) that confirmed it. */
  private readonly confirmedAt = new Map<boolean, number>();
  private readonly inFlight = new Map<string, Promise<ReviewSnapshot>>();
  /** The drafts this review saved and found, one save at a time per fingerprint (sessionDrafts.ts). */
  private readonly draftBook: SessionDrafts;
  /** The check of the state in flight per mode: concurrent requests share it (single flight). */
  private readonly checks = new Map<boolean, Promise<ServedSnapshot>>();
  /** The state signature being read: every concurrent caller shares one read. */
  private signatureRead: Promise<string> | null = null;
  /** Answers being encoded, per snapshot and coding: concurrent requests share one compression. */
  private readonly encodings = new WeakMap<ReviewSnapshot, Map<AnswerCoding, Promise<EncodedReview>>>();
  /** The working tree watched for a page that follows the review live (started by its first wait). */
  private watcher: ChangeWatcher | null = null;
  /** Readings past its threshold are answered in pages (docs/design/reviewInPages.md; the CLI reads it from REDLINE_PAGE_BYTES_THRESHOLD). */
  private readonly pages: PagedAnswers;

  constructor(
    readonly source: ReviewSource,
    readonly format: OutputFormat,
    /** A line for the terminal (stderr): things the reviewer should know that are not errors. */
    private readonly note: (line: string) => void = () => undefined,
    pageThreshold = DEFAULT_PAGE_BYTES_THRESHOLD,
  ) {
    this.pages = new PagedAnswers(pageThreshold);
    this.drafts = new DraftStore(join(source.stateDir, 'drafts'));
    this.draftBook = new SessionDrafts(this.drafts, source.stateDir, note);
    this.outcome = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  get isEnded(): boolean { return this.ended; }

  /**
   * The diff as it is now, remembered so the page can ask for its files by
   * fingerprint. The last reading in the same mode is reused while the
   * source's state signature has not changed (a page reload costs little).
   */
  async loadReview(ignoreWhitespace = false): Promise<ReviewData> {
    return (await this.loadSnapshot(ignoreWhitespace)).data;
  }

  /**
   * Start-up's reading: starts loadReview's and resolves with the review's
   * target and own files as soon as its diff is read, while the rest of that reading
   * (the rounds' threads, the diff since the last round) goes on. The page's
   * first requests share it (one check in flight per mode), so they wait for
   * it whole and nothing is read twice; if it fails, they are answered as
   * any failed reading is. The rest of the reading goes on once `restAfter`
   * resolves (start-up: its link is out). A source that does not tell the
   * files early (a patch) resolves with the whole reading.
   */
  openReview(restAfter: Promise<void>): Promise<ReviewOpening> {
    let diffRead!: (opening: ReviewOpening) => void;
    const early = new Promise<ReviewOpening>((resolve) => (diffRead = resolve));
    const whole = this.loadSnapshot(false, { onDiffRead: diffRead, restAfter }).then(({ data }) => data);
    return Promise.race([early, whole]);
  }

  /**
   * The reviewer's "pair moved files as renames" setting (their preferences
   * for the first reading and the page's answer, `renames=on|off` on a
   * review request): when it changes what the source reads, the readings kept
   * per mode are dropped, so the next load reads the diff again. The
   * snapshots by fingerprint stay (the page may still ask for a file of the
   * diff it shows).
   */
  setUntrackedRenames(on: boolean): void {
    if (this.source.setUntrackedRenames(on)) this.forgetReadings();
  }

  /** The reviewer's pairs of a deleted and an added file (applyManualPairs.ts), kept for the change: as setUntrackedRenames, the next load reads them. */
  async setManualPairs(pairs: readonly ManualPair[]): Promise<void> {
    if (await this.source.setManualPairs(pairs)) this.forgetReadings();
  }

  private forgetReadings(): void {
    this.latestByMode.clear();
    this.confirmedAt.clear();
  }

  /**
   * The diff as last read or confirmed current, when that began at most `maxAgeMs` ago; otherwise as it
   * is now (loadReview). For the review page's first screen and the link's first request, which shows the
   * same reading (a check would only delay them; the page checks once its diff is live: freshnessPoller.ts).
   */
  async loadRecentReview(ignoreWhitespace: boolean, maxAgeMs: number): Promise<ReviewData> {
    return (this.recentSnapshot(ignoreWhitespace, maxAgeMs) ?? (await this.loadSnapshot(ignoreWhitespace))).data;
  }

  /** The reading kept for this mode when it was read or confirmed current at most `maxAgeMs` ago; else null. */
  private recentSnapshot(ignoreWhitespace: boolean, maxAgeMs: number): ServedSnapshot | null {
    const latest = this.latestByMode.get(ignoreWhitespace);
    const confirmedAt = this.confirmedAt.get(ignoreWhitespace);
    if (!latest || confirmedAt === undefined || performance.now() - confirmedAt > maxAgeMs) return null;
    return { snapshot: latest, data: latest.data, encoded: latest.encoded };
  }

  /**
   * The same, with the review endpoint's answer ready to send in `encoding`:
   * the JSON of the data, compressed while the diff was read (brotli) or
   * once, on the first request that needs it. A reload with nothing changed
   * sends it again without any further work. `recentMs` as in loadRecentReview.
   */
  async loadReviewAnswer(ignoreWhitespace: boolean, encoding: AnswerCoding, recentMs = 0): Promise<{ data: ServedReviewData; jsonBytes: number; body: Buffer }> {
    const { snapshot, data, encoded: known } = this.recentSnapshot(ignoreWhitespace, recentMs) ?? (await this.loadSnapshot(ignoreWhitespace));
    const paged = await this.pages.answer(snapshot, encoding);
    if (paged) return paged;
    const encoded = await this.encodeOnce(snapshot, data, known, encoding);
    if (this.latestByMode.get(ignoreWhitespace) === snapshot) snapshot.encoded = encoded;
    return { data, jsonBytes: encoded.jsonBytes, body: encoded.bodies[encoding]! };
  }

  /**
   * One encoding of a snapshot's answer per coding, shared by every request
   * that asks while it is made. The uncompressed JSON ('identity') is kept
   * too, so clients that take no compression share one buffer: 200 of them
   * at once peaked at 626 MB, each with its own JSON.stringify.
   */
  private encodeOnce(snapshot: ReviewSnapshot, data: ReviewData, known: ReviewSnapshot['encoded'], coding: AnswerCoding): Promise<EncodedReview> {
    let byCoding = this.encodings.get(snapshot);
    if (!byCoding) this.encodings.set(snapshot, (byCoding = new Map()));
    let encoded = byCoding.get(coding);
    if (!encoded) {
      encoded = encodeReviewAnswer(data, known, coding);
      byCoding.set(coding, encoded);
      encoded.catch(() => byCoding.delete(coding));
    }
    return encoded;
  }

  /** The snapshot to serve; concurrent callers in the same mode share one check of the state. */
  private loadSnapshot(ignoreWhitespace: boolean, opening?: OpeningHooks): Promise<ServedSnapshot> {
    const running = this.checks.get(ignoreWhitespace);
    if (running) return running;
    const check = this.checkSnapshot(ignoreWhitespace, opening).finally(() => this.checks.delete(ignoreWhitespace));
    this.checks.set(ignoreWhitespace, check);
    return check;
  }

  /** The sections of a reading this session holds (PagedAnswers.patchSections), for the first screen; null for another. */
  patchSections(data: ReviewData): readonly string[] | null {
    const snapshot = this.snapshots.get(data.fingerprint);
    return snapshot?.data === data ? this.pages.patchSections(snapshot) : null;
  }

  /** The source's state signature; callers that ask while it is read share the read. */
  private readSignature(): Promise<string> {
    this.signatureRead ??= this.source.readSignature().finally(() => {
      this.signatureRead = null;
    });
    return this.signatureRead;
  }

  /**
   * The snapshot to serve, with its data and answer taken in the same turn
   * as the choice: a concurrent newer reading may then forget this one's
   * patch (see forgetPatch) without touching what is being sent.
   */
  private async checkSnapshot(ignoreWhitespace: boolean, opening?: OpeningHooks): Promise<ServedSnapshot> {
    const started = performance.now();
    let snapshot: ReviewSnapshot;
    for (;;) {
      const previous = this.latestByMode.get(ignoreWhitespace);
      if (!previous) {
        snapshot = await this.read(ignoreWhitespace, true, opening);
        break;
      }
      const unchanged = (await this.readSignature()) === previous.signature;
      // A newer reading landed while the signature was taken: judge that one instead.
      if (this.latestByMode.get(ignoreWhitespace) !== previous) continue;
      snapshot = unchanged ? previous : await this.read(ignoreWhitespace, true);
      break;
    }
    const replaced = this.latestByMode.get(ignoreWhitespace);
    if (replaced && replaced !== snapshot) {
      forgetPatch(replaced);
      this.encodings.delete(replaced);
      this.pages.forget(replaced);
    }
    this.latestByMode.set(ignoreWhitespace, snapshot);
    this.confirmedAt.set(ignoreWhitespace, Math.max(started, this.confirmedAt.get(ignoreWhitespace) ?? -Infinity));
    this.snapshots.delete(snapshot.data.fingerprint);
    this.snapshots.set(snapshot.data.fingerprint, snapshot);
    while (this.snapshots.size > SNAPSHOTS_KEPT) this.snapshots.delete(this.snapshots.keys().next().value!);
    this.latest = snapshot;
    return { snapshot, data: snapshot.data, encoded: snapshot.encoded };
  }

  /**
   * Whether the repository's diff still has the fingerprint the page loaded.
   * Cheap while nothing changed (the state signature matches); otherwise the
   * diff is read again and its fingerprint compared.
   */
  async freshness(fingerprint: string): Promise<FreshnessData> {
    const known = this.snapshots.get(fingerprint);
    if (known && (await this.readSignature()) === known.signature) return { fresh: true, fingerprint };
    const current = await this.read(known?.data.ignoreWhitespace ?? false, false);
    const fresh = current.data.fingerprint === fingerprint;
    // Same diff, new signature (a file was touched): remember it, so the next poll is cheap again.
    if (fresh && known) known.signature = current.signature;
    return { fresh, fingerprint: current.data.fingerprint };
  }

  /**
   * Follow the agent live: the answer `freshness` gives, but while the diff is
   * still fresh it waits (up to `waitMs`) for a change on disk first, then
   * lets a burst of writes settle (150 ms) before reading.
   */
  async freshnessAfterChange(fingerprint: string, waitMs: number): Promise<FreshnessData> {
    const now = await this.freshness(fingerprint);
    if (!now.fresh || this.source.watchRoot === null || this.ended) return now;
    this.watcher ??= new ChangeWatcher(this.source.watchRoot);
    if ((await this.watcher.nextChange(waitMs)) === 'timeout') return this.freshness(fingerprint);
    await new Promise((resolve) => setTimeout(resolve, 150));
    return this.freshness(fingerprint);
  }

  /** Stops watching the working tree (the server is closing). */
  async stopWatching(): Promise<void> { await this.watcher?.stop(); }

  /** A page of the sections of a diff this review served (by fingerprint), in the file order: `GET /api/review/sections`. */
  reviewSections(fingerprint: string, from: number, bytes: number): ReviewSectionsData {
    return this.pages.sections(this.snapshots.get(fingerprint), from, bytes);
  }

  /** A file of the diff the page loaded (identified by its fingerprint); only the diff's own paths. */
  async readFile(path: string, fingerprint: string): Promise<FileContentsData> {
    return this.source.readFile(this.servedEntry(path, fingerprint));
  }

  /** One side of a picture of the diff, by the same rule: only paths of a snapshot this page was given. */
  async readImage(path: string, fingerprint: string, side: ImageSide): Promise<Buffer> {
    return this.source.readImage(this.servedEntry(path, fingerprint), side);
  }

  /** Where a file of the diff is on disk, for Open in editor: by the same rule, only the diff's own paths. */
  async locateFile(path: string, fingerprint: string): Promise<string> {
    return this.source.locateFile(this.servedEntry(path, fingerprint));
  }

  private servedEntry(path: string, fingerprint: string): FileEntry {
    if (this.source.patchOnly) {
      throw new RedlineError('patch-only', 'this review was made from a patch, so file contents are not available');
    }
    const snapshot = this.snapshots.get(fingerprint);
    if (!snapshot) {
      throw new RedlineError('changed', 'the diff this page loaded is no longer current; reload the review');
    }
    const entry = snapshot.entries.get(path);
    if (!entry) throw new RedlineError('not-in-diff', `${JSON.stringify(path)} is not a file of this diff`);
    return entry;
  }

  /** Whether a draft of this review is on disk (saved now, or found from an earlier run): what an interrupt keeps. */
  get keepsDraft(): boolean { return this.draftBook.keepsDraft; }

  /** The saved draft (sessionDrafts.ts). */
  loadDraft(fingerprint: string): Promise<DraftData> { return this.draftBook.load(fingerprint); }

  /**
   * Saves a draft for a diff this review served and still keeps (at most
   * SNAPSHOTS_KEPT of them): any other fingerprint is refused, so the drafts
   * a review writes stay bounded (SNAPSHOTS_KEPT bodies of at most
   * MAX_BODY_BYTES), not one new file per made-up fingerprint. `basedOn`:
   * see sessionDrafts.ts.
   */
  saveDraft(draft: DraftData, basedOn?: string | null): Promise<void> {
    this.assertOpen();
    if (!this.snapshots.has(draft.fingerprint)) {
      throw new RedlineError('changed', 'this review did not serve that diff (or no longer keeps it); reload the page to save its draft');
    }
    return this.draftBook.save(draft, basedOn, () => this.assertOpen());
  }

  /** Renders the export; the outcome settles after the page has its answer (see `finish`). */
  submitFeedback(submission: FeedbackSubmission, proposals: ProposalState[] = [], checked: CheckedResult | null = null): { result: FeedbackResult; finish: () => void } {
    this.assertOpen();
    const snapshot = this.latest;
    if (!snapshot) throw new RedlineError('internal', 'feedback arrived before the review was loaded');
    const review = buildFeedbackReview(snapshot.data, submission, proposals, this.questions.list(), checked);
    const markdown = renderFeedbackMarkdown(review);
    const json = renderFeedbackJson(review);
    const output = this.format === 'json' ? json : markdown;
    this.ended = true;
    const fingerprints = [...new Set([...this.snapshots.keys(), ...this.draftBook.saved])];
    const outcome: ReviewOutcome = { kind: 'feedback', output, format: this.format, markdown, json, submission, fingerprints, proposals, pullRequest: snapshot.data.pullRequest ?? null };
    return { result: { ok: true, output, format: this.format }, finish: () => this.settle(outcome) };
  }

  close(): { finish: () => void } {
    this.assertOpen();
    this.ended = true;
    return { finish: () => this.settle({ kind: 'closed' }) };
  }

  /** One reading per mode at a time: concurrent polls share it. */
  private read(ignoreWhitespace: boolean, recordContents: boolean, opening?: OpeningHooks): Promise<ReviewSnapshot> {
    const key = `${ignoreWhitespace}:${recordContents}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const reading = this.source
      .read({ ignoreWhitespace, recordContents, encodeBody: recordContents, pageThreshold: this.pages.threshold, ...(opening ? { opening } : {}) })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, reading);
    return reading;
  }

  private assertOpen(): void {
    if (this.ended) throw new RedlineError('already-ended', 'this review has already ended');
  }
}

/**
 * A superseded reading stays addressable by fingerprint (for its files and
 * freshness), but its patch and answer (tens of MB for a large diff) are
 * never sent again: let them go. The data object is replaced, not changed,
 * so whoever holds the old one (a request being answered) keeps it whole.
 */
function forgetPatch(snapshot: ReviewSnapshot): void {
  snapshot.data = { ...snapshot.data, patch: '' };
  snapshot.encoded = null;
}
