/**
 * Asks before the page is left (closed, reloaded, navigated away) while a
 * comment or suggestion form holds text: the draft keeps it (draftAutosave
 * saves the open form too), but a form that is open is work the reviewer is
 * in the middle of, and a server that has stopped keeps nothing.
 */
import type { ReviewStore } from '../app/reviewStore.js';
import { composerHasWork } from '../composer/unsentComposer.js';

export function guardUnsentText(store: ReviewStore): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    const { composer, phase } = store.getState();
    if (phase !== 'ready' || !composer || !composerHasWork(composer)) return;
    event.preventDefault();
    // Chromium before 119 and Safari show the prompt only when returnValue is set.
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => window.removeEventListener('beforeunload', onBeforeUnload);
}
