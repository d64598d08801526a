/**
 * What a session keeps per reading for the review in pages (reviewPages.ts):
 * its sections in the file order, its manifest and the manifest's encoded
 * answers, made once on the first request that needs them and let go with
 * the reading's patch.
 */
import type { PagedReviewData, ReviewSectionsData } from '@redline/core';
import { RedlineError } from '../errors.js';
import { encodeReviewAnswer } from './reviewPatchCollector.js';
import { firstPageBytes, isPastThreshold, orderSections, pagedReview, sectionsPage, type OrderedSections } from './reviewPages.js';
import type { AnswerCoding, EncodedReview, ReviewSnapshot } from './reviewSnapshot.js';

interface PagedReading {
  /** null when the sections do not pair with the files (orderSections). */
  ordered: OrderedSections | null;
  /** null when the reading is answered whole. */
  manifest: PagedReviewData | null;
  encodings: Map<AnswerCoding, Promise<EncodedReview>>;
}

export class PagedAnswers {
  private readonly readings = new WeakMap<ReviewSnapshot, PagedReading>();

  constructor(readonly threshold: number) {}

  /** The manifest's answer in `coding`, or null when the reading is answered whole. */
  async answer(snapshot: ReviewSnapshot, coding: AnswerCoding): Promise<{ data: PagedReviewData; jsonBytes: number; body: Buffer } | null> {
    // A whole answer costs nothing here: no sections cut, nothing kept.
    if (!isPastThreshold(snapshot.data, this.threshold)) return null;
    const reading = this.reading(snapshot);
    const manifest = reading.manifest;
    if (!manifest) return null;
    let encoded = reading.encodings.get(coding);
    if (!encoded) {
      encoded = encodeReviewAnswer(manifest, null, coding);
      reading.encodings.set(coding, encoded);
      encoded.catch(() => reading.encodings.delete(coding));
    }
    const { jsonBytes, bodies } = await encoded;
    return { data: manifest, jsonBytes, body: bodies[coding]! };
  }

  /** Sections of a reading from position `from` on (a whole reading may be read in pages too; the page just never asks). */
  sections(snapshot: ReviewSnapshot | undefined, from: number, bytes: number): ReviewSectionsData {
    // A superseded reading's patch is let go (reviewSession.ts, forgetPatch): it is stale for the page.
    if (!snapshot || (snapshot.data.patch === '' && snapshot.data.files.length > 0)) {
      throw new RedlineError('changed', 'the diff this page loaded is no longer current; reload the review');
    }
    const { ordered } = this.reading(snapshot);
    if (!ordered) return { fingerprint: snapshot.data.fingerprint, sections: [], next: null };
    return sectionsPage(ordered, snapshot.data.fingerprint, from, bytes);
  }

  /** A reading's sections in its patch's order, cut once per reading (the first screen draws from them, the pages serve them); null when they do not pair with its files. */
  patchSections(snapshot: ReviewSnapshot): readonly string[] | null {
    const { ordered } = this.reading(snapshot);
    if (!ordered) return null;
    const sections = new Array<string>(ordered.length);
    for (const { index, section } of ordered) sections[index] = section;
    return sections;
  }

  /** A reading's patch is let go: so are its sections and answers. */
  forget(snapshot: ReviewSnapshot): void {
    this.readings.delete(snapshot);
  }

  private reading(snapshot: ReviewSnapshot): PagedReading {
    let reading = this.readings.get(snapshot);
    if (!reading) {
      const ordered = orderSections(snapshot.data);
      const manifest = ordered && isPastThreshold(snapshot.data, this.threshold) ? pagedReview(snapshot.data, ordered, firstPageBytes(this.threshold)) : null;
      reading = { ordered, manifest, encodings: new Map() };
      this.readings.set(snapshot, reading);
    }
    return reading;
  }
}
