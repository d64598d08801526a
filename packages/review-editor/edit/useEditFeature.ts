/** React access to the edit controller of the review on screen. */
import { useStore } from 'zustand';
import { useController } from '../src/editHost.js';
import type { EditFeatureState } from './editSession.js';
import { editControllerFor, type EditController } from './editSessionController.js';

export function useEditController(): EditController {
  return editControllerFor(useController());
}

/** Selects a slice of the edit state; re-renders when it changes. */
export function useEditState<T>(selector: (state: EditFeatureState) => T): T {
  return useStore(useEditController().state, selector);
}
