/**
 * Derivation off the main thread, for big files (hunkDeriver.ts decides):
 * the pre-edit text is sent once per session, then each request carries the
 * edited text. Same function, same options, same answer as on the main
 * thread.
 */
import { deriveSuggestionHunks, type DeriveSuggestionOptions, type DerivedSuggestions, errorMessage } from '@redline/core';

export type DeriveWorkerRequest =
  | { type: 'before'; before: string }
  | { type: 'derive'; id: number; after: string; options?: DeriveSuggestionOptions };

export type DeriveWorkerResponse = { id: number; result: DerivedSuggestions } | { id: number; error: string };

let before = '';

self.onmessage = (event: MessageEvent<DeriveWorkerRequest>) => {
  const request = event.data;
  if (request.type === 'before') {
    before = request.before;
    return;
  }
  let response: DeriveWorkerResponse;
  try {
    response = { id: request.id, result: deriveSuggestionHunks(before, request.after, request.options) };
  } catch (error) {
    response = { id: request.id, error: errorMessage(error) };
  }
  self.postMessage(response);
};
