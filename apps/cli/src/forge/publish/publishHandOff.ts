/**
 * Publishing from the page (docs/rounds.md, "Published to a pull request"):
 * the Send that asked for it is answered first, then the CLI records the
 * round; the page's `POST /api/publish` arrives meanwhile and waits here for
 * that round, and the CLI, once it has recorded it, waits here for the
 * publish to finish before it closes the server, and says how it went. A
 * page that never asks (closed, or gone) holds the CLI back at most
 * `askWithinMs`.
 */
import { errorMessage, type PublishResult } from '@redline/core';
import type { RecordedRound } from '../../rounds/recordRound.js';

/** How long the CLI waits for the page's publish request once the round is recorded. */
export const PUBLISH_ASK_WITHIN_MS = 30_000;

/** The round the Send recorded, in which repository, and the CLI's environment (the token and GITHUB_API_URL come from it). */
export interface RecordedForPublish {
  round: RecordedRound;
  root: string;
  env: Readonly<Record<string, string | undefined>>;
}

export class PublishHandOff {
  private recordRound!: (round: RecordedForPublish | null) => void;
  /** The round the Send recorded for publishing (null: none, and there is nothing to publish). */
  readonly round: Promise<RecordedForPublish | null> = new Promise((resolve) => (this.recordRound = resolve));
  private running: Promise<PublishResult> | null = null;
  private asked!: () => void;
  private readonly askedOnce = new Promise<void>((resolve) => (this.asked = resolve));

  /** The CLI recorded the round (or could not, or the Send did not ask to publish). */
  recorded(round: RecordedForPublish | null): void {
    this.recordRound(round);
  }

  /** The page's request: runs `publish` with the recorded round, once; a second request shares the first. */
  publish(publish: (round: RecordedForPublish | null) => Promise<PublishResult>): Promise<PublishResult> {
    this.running ??= this.round.then(publish);
    this.asked();
    return this.running;
  }

  /** The CLI: waits for the publish the page asked for, or `askWithinMs` for it to be asked; one line saying how it went. */
  async settled(askWithinMs: number = PUBLISH_ASK_WITHIN_MS): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), askWithinMs)));
    const asked = await Promise.race([this.askedOnce.then(() => 'asked' as const), late]);
    clearTimeout(timer);
    if (asked === 'late' || this.running === null) return `The page did not ask to publish within ${askWithinMs / 1000} s: run redline publish to post the round.`;
    try {
      const result = await this.running;
      return result.kind === 'published' ? `Published the round: ${result.url}` : `The round was already published: ${result.url}`;
    } catch (error) {
      return `redline: the round was not published: ${errorMessage(error)}`;
    }
  }
}

const handOffs = new WeakMap<object, PublishHandOff>();

/** The hand-off of one review session (a Send happens once per session, so one is enough). */
export function publishHandOffOf(session: object): PublishHandOff {
  let handOff = handOffs.get(session);
  if (!handOff) handOffs.set(session, (handOff = new PublishHandOff()));
  return handOff;
}
