/**
 * What happens to an edit session (events, fed in by the shell with the
 * facts of the page they depend on) and what the session wants done
 * (effects, as data, run by the shell against the adapter and the page).
 * `transition` (editTransition.ts) maps one to the other.
 */
import type { Suggestion } from '@redline/core';
import type { ComposerTarget, ReviewFile } from '../src/editHost.js';
import type { ComposerAnchor, EditFeatureState, OpenComposer, OpenedFile } from './editSession.js';
import type { HydrationResult } from './hydrateForEditing.js';
import type { AttachedEditor, EditorSelectionSnapshot } from './pierreEditAdapter.js';

/** The live document of the last change event: its `contents` reads the editor's text. */
export interface LiveDocument {
  readonly contents: string;
}

/** Each file's text as its editor has it now, by the file's session id (null or absent: no editor). */
export type LiveTexts = ReadonlyMap<number, string | null>;

export type EditEvent =
  /** The Edit button (or the next file after a switch). `file` is null when the review has no such file. */
  | { type: 'editRequested'; file: ReviewFile | null; flagOn: boolean; staticRefusal: string | null }
  /** The adapter and the contents arrived and went through the hydration gate; null: the review replaced the file meanwhile. */
  | { type: 'contentsHydrated'; id: number; result: HydrationResult | null }
  | { type: 'startFailed'; id: number; failure: { kind: 'refused'; reason: string } | { kind: 'error'; message: string } }
  /** The workers highlighted the hydrated diff (or gave up). */
  | { type: 'highlightPrimed'; id: number; opened: OpenedFile; fileById: ReadonlyMap<string, ReviewFile>; composer: OpenComposer | null }
  /** The item painted the hydrated diff for two frames. */
  | { type: 'framesPainted'; id: number }
  /** Pierre attached an editor to the item of retention key `stateKey` (again after a virtualization remount); `first`: that file had none. */
  | { type: 'editorAttached'; stateKey: string; editor: AttachedEditor; first: boolean }
  /** The reviewer clicked the file's new-side `line` while it was getting ready (the click itself was swallowed). */
  | { type: 'inputAimed'; fileId: string; line: number }
  /** The editor of session `id` was focused at the line of a focusLine effect: it takes input now. */
  | { type: 'caretPlaced'; id: number }
  /** CodeView's onItemEditChange. */
  | { type: 'documentChanged'; itemId: string; document: LiveDocument }
  /** The HUD's debounced recount of file `id` is due. */
  | { type: 'countDue'; id: number; liveText: string | null }
  | { type: 'counted'; id: number; changes: number }
  /** Suggest or Discard: every file of the session. */
  | { type: 'endRequested'; reason: 'suggest' | 'discard'; liveTexts: LiveTexts }
  | { type: 'completionTimedOut'; id: number }
  /** CodeView's onItemEditComplete (answered 'reject' whatever happens here). */
  | { type: 'editCompleted'; itemId: string; eventText: string | null; fileById: ReadonlyMap<string, ReviewFile> }
  | { type: 'suggestionsDerived'; request: DeriveRequest; suggestions: Suggestion[] }
  | { type: 'derivationFailed'; request: DeriveRequest; message: string }
  | { type: 'promptConfirmed' }
  | { type: 'promptDismissed' }
  /** A refresh or whitespace reload gave the review new file objects. */
  | { type: 'filesReplaced'; fileById: ReadonlyMap<string, ReviewFile>; liveTexts: LiveTexts }
  /** The freshness check found these session files' contents changed on disk (by file id). */
  | { type: 'changedOnDisk'; fileIds: readonly string[] }
  | { type: 'feedbackOpened'; liveTexts: LiveTexts }
  /** A gutter click or line selection asked for a comment form. */
  | { type: 'commentTargetPicked'; target: ComposerTarget }
  /** "Make annotation" in the editor's selection popover, in the editor of retention key `stateKey`. */
  | { type: 'selectionAnnotated'; stateKey: string; snapshot: EditorSelectionSnapshot }
  | { type: 'floatingComposerOpened'; anchor: ComposerAnchor };

/** A finished file's text, to become suggestions against its pre-edit text. */
export interface DeriveRequest {
  /** The file's session id. */
  id: number;
  path: string;
  preEdit: string;
  revision: string;
  text: string;
  reason: 'suggest' | 'recover';
  changedOnDisk: boolean;
}

export type EditEffect =
  /** Collapsed items ignore `edit`: show the file first. */
  | { type: 'expandFile'; fileId: string }
  /** Load the adapter and the file's contents, pass the hydration gate: answers contentsHydrated or startFailed. */
  | { type: 'loadContents'; id: number; file: ReviewFile }
  /** Have the workers highlight the diff the editor will take over: answers highlightPrimed. */
  | { type: 'primeHighlight'; id: number; opened: OpenedFile }
  /** A fresh deriver for file `id`'s pre-edit text; no editor or document yet. */
  | { type: 'startDeriver'; id: number; preEdit: string }
  /** Let the item paint twice: answers framesPainted. */
  | { type: 'awaitFrames'; id: number }
  | { type: 'holdEditor'; id: number; editor: AttachedEditor }
  | { type: 'holdDocument'; id: number; document: LiveDocument }
  /** Focus file `id`'s held editor where its caret is. */
  | { type: 'focusEditor'; id: number }
  /** After the editor painted, focus `editor` at `line` if session `id` is still on: answers caretPlaced. */
  | { type: 'focusLine'; id: number; editor: AttachedEditor; line: number }
  | { type: 'scheduleCount'; id: number }
  | { type: 'cancelCount'; id: number }
  /** Count the suggestions `text` would make: answers counted. */
  | { type: 'count'; id: number; text: string }
  /** Ask the held editor to key its final render (editor.prepareToEnd). */
  | { type: 'prepareToEnd'; id: number }
  /** If CodeView never completes session `id`, answers completionTimedOut. */
  | { type: 'startCompletionTimer'; id: number }
  /** Drop file `id`'s handles and its retained draft; derive `derive` (answers suggestionsDerived / derivationFailed). */
  | { type: 'finishSession'; id: number; stateKey: string; derive: DeriveRequest | null }
  /**
   * Add the suggestions; `set`: they are one fix set with this one-line
   * description (several suggestions of one Suggest), else separate.
   */
  | { type: 'addSuggestions'; suggestions: readonly Suggestion[]; set: { description: string } | null }
  | { type: 'toast'; message: string }
  /** Open the page's comment form on `target`: answers floatingComposerOpened if it opened. */
  | { type: 'openFloatingComposer'; target: Extract<ComposerTarget, { scope: 'line' }>; highlightedText: string; approximate: boolean; anchor: ComposerAnchor };

export interface EditStep {
  state: EditFeatureState;
  effects: EditEffect[];
}
