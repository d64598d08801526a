/**
 * Derives a session's suggestion hunks (core deriveSuggestionHunks) against
 * its pre-edit text, on the main thread for ordinary files and in a Worker
 * for big ones, so Suggest and the HUD's change count never block typing.
 *
 * Why 10,000 lines: the bounded derivation costs about 1 ms per 1,000 lines
 * plus the diff itself (bench/deriveBench.mjs: 10,000 lines in 15-24 ms,
 * 100,000 in ~96 ms, worst cases capped by the 250 ms timeout); below the
 * threshold it stays well under a 50 ms long task, above it moves off the
 * main thread. Where Worker is unavailable (tests), it runs inline.
 */
import { deriveSuggestionHunks, type DeriveSuggestionOptions, type DerivedSuggestions } from '@redline/core';
import type { DeriveWorkerRequest, DeriveWorkerResponse } from './deriveHunksWorker.js';

export const WORKER_LINE_THRESHOLD = 10_000;

export interface HunkDeriver {
  /** Whether requests go to a Worker. */
  readonly offMainThread: boolean;
  derive(after: string, options?: DeriveSuggestionOptions): Promise<DerivedSuggestions>;
  dispose(): void;
}

export function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

export function createHunkDeriver(before: string, { threshold = WORKER_LINE_THRESHOLD }: { threshold?: number } = {}): HunkDeriver {
  const inline: HunkDeriver = {
    offMainThread: false,
    derive: async (after, options) => deriveSuggestionHunks(before, after, options),
    dispose() {},
  };
  if (countLines(before) <= threshold || typeof Worker !== 'function') return inline;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./deriveHunksWorker.ts', import.meta.url), { type: 'module', name: 'redline-derive' });
  } catch {
    return inline;
  }
  let nextId = 1;
  let broken = false;
  const waiting = new Map<number, { resolve(result: DerivedSuggestions): void; reject(error: Error): void; after: string; options?: DeriveSuggestionOptions }>();
  worker.onmessage = (event: MessageEvent<DeriveWorkerResponse>) => {
    const reply = event.data;
    const request = waiting.get(reply.id);
    if (!request) return;
    waiting.delete(reply.id);
    if ('error' in reply) request.reject(new Error(reply.error));
    else request.resolve(reply.result);
  };
  // A worker that cannot start (blocked, failed to load) must not lose a
  // Suggest: the requests it holds are answered inline instead.
  worker.onerror = (event) => {
    event.preventDefault();
    broken = true;
    worker.terminate();
    for (const [id, request] of waiting) {
      waiting.delete(id);
      inline.derive(request.after, request.options).then(request.resolve, request.reject);
    }
  };
  const post = (message: DeriveWorkerRequest) => worker.postMessage(message);
  post({ type: 'before', before });
  return {
    get offMainThread() {
      return !broken;
    },
    derive(after, options) {
      if (broken) return inline.derive(after, options);
      const id = nextId++;
      return new Promise<DerivedSuggestions>((resolve, reject) => {
        waiting.set(id, { resolve, reject, after, ...(options ? { options } : {}) });
        post({ type: 'derive', id, after, ...(options ? { options } : {}) });
      });
    },
    dispose() {
      worker.terminate();
      for (const request of waiting.values()) request.reject(new Error('the edit session ended'));
      waiting.clear();
    },
  };
}
