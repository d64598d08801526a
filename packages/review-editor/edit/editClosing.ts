/**
 * How the session's files end (part of the pure machine, editTransition.ts):
 * a file's completion drops it from the session and asks for its text to be
 * derived; Suggest gathers every file's suggestions (`state.closing`) and,
 * once all have answered, adds them at once: one suggestion stays plain,
 * several become ONE fix set with a default one-line description the
 * reviewer can edit. A recovered file's suggestions wait in one question for
 * all recovered files; kept, they are added the same way.
 */
import { defaultSetDescription, MIN_FIX_SET_MEMBERS, type Suggestion } from '@redline/core';
import type { DeriveRequest, EditEffect, EditStep } from './editEvents.js';
import type { EditFeatureState, EditSession, EndingSession, FileResult } from './editSession.js';

export const stay = (state: EditFeatureState): EditStep => ({ state, effects: [] });
export const toast = (message: string): EditEffect => ({ type: 'toast', message });

/** `state` with the session's file of the same id replaced by `session`. */
export const withFile = (state: EditFeatureState, session: EditSession): EditFeatureState => ({
  ...state,
  files: state.files.map((s) => (s.id === session.id ? session : s)),
});
/** `state` without the session's file `id`. */
export const withoutFile = (state: EditFeatureState, id: number): EditFeatureState => ({ ...state, files: state.files.filter((s) => s.id !== id) });

const plural = (n: number) => `${n} ${n === 1 ? 'suggestion' : 'suggestions'}`;

/** CodeView completed file `session` (or gave up waiting): it leaves the session, and its text is derived unless discarded. */
export function completeFile(state: EditFeatureState, session: EndingSession, text: string | null): EditStep {
  const reason = session.ending;
  const derive: DeriveRequest | null =
    reason === 'discard' || text === null
      ? null
      : { id: session.id, path: session.path, preEdit: session.preEdit, revision: session.revision, text, reason, changedOnDisk: session.changedOnDisk };
  const finish: EditEffect = { type: 'finishSession', id: session.id, stateKey: session.stateKey, derive };
  const ended: EditFeatureState = { ...withoutFile(state, session.id), composerAnchor: null };
  if (derive !== null) return { state: ended, effects: [finish] };
  // Nothing to derive: the file has answered Suggest already (with nothing).
  const settled = settle(ended, session.id, null);
  return { state: settled.state, effects: [finish, ...settled.effects] };
}

/** File `id` answered Suggest with `result` (null: nothing); the last answer adds everything. */
function settle(state: EditFeatureState, id: number, result: FileResult | null): EditStep {
  const closing = state.closing;
  if (!closing?.waiting.includes(id)) return result ? { state, effects: addResults([result], 'added') } : stay(state);
  const waiting = closing.waiting.filter((w) => w !== id);
  const results = result ? [...closing.results, result].sort((a, b) => a.id - b.id) : closing.results;
  if (waiting.length > 0) return stay({ ...state, closing: { waiting, results } });
  return { state: { ...state, closing: null }, effects: results.length > 0 ? addResults(results, 'added') : [] };
}

export function suggestionsDerived(state: EditFeatureState, request: DeriveRequest, suggestions: Suggestion[]): EditStep {
  const result: FileResult = { id: request.id, path: request.path, suggestions, changedOnDisk: request.changedOnDisk };
  if (request.reason === 'suggest') return settle(state, request.id, result);
  if (suggestions.length === 0) return stay(state);
  // Recovered: one question for every recovered file.
  const earlier = state.prompt?.kind === 'recover' ? state.prompt.results : [];
  return stay({ ...state, prompt: { kind: 'recover', results: [...earlier, result] } });
}

export function derivationFailed(state: EditFeatureState, request: DeriveRequest, message: string): EditStep {
  const told = toast(`Your edits to ${request.path} could not be turned into suggestions: ${message}`);
  const settled = request.reason === 'suggest' ? settle(state, request.id, null) : stay(state);
  return { state: settled.state, effects: [told, ...settled.effects] };
}

/** The reviewer keeps the recovered edits. */
export function keepRecovered(state: EditFeatureState, results: readonly FileResult[]): EditStep {
  return { state, effects: addResults(results, 'kept') };
}

/** The suggestions of `results` added at once (a fix set when several), and told. */
function addResults(results: readonly FileResult[], verb: 'added' | 'kept'): EditEffect[] {
  const suggestions = results.flatMap((r) => r.suggestions);
  const paths = results.filter((r) => r.suggestions.length > 0).map((r) => r.path);
  const where = paths.length > 1 ? `${paths.length} files` : (paths[0] ?? results[0]!.path);
  // One suggestion stays plain (the core's rule: a set has at least MIN_FIX_SET_MEMBERS).
  const set = suggestions.length >= MIN_FIX_SET_MEMBERS ? { description: defaultSetDescription(paths) } : null;
  const effects: EditEffect[] = [{ type: 'addSuggestions', suggestions, set }];
  if (suggestions.length === 0) effects.push(toast(`No changes to suggest in ${results.map((r) => r.path).join(', ')}`));
  else effects.push(toast(`${plural(suggestions.length)} ${verb} from your edits to ${where}${set ? ', as one fix set' : ''}`));
  for (const r of results) {
    if (r.changedOnDisk && r.suggestions.length > 0) effects.push(toast(`${r.path} changed on disk while you edited it: apply will refuse these suggestions until they are redone on the new text`));
  }
  return effects;
}
