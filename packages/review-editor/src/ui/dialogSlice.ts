/** The one open dialog of the page, if any. */
import type { ReviewSliceCreator } from '../app/reviewStore.js';

export type DialogName = 'feedback' | 'settings' | 'shortcuts' | 'close';

export interface DialogSlice {
  dialog: DialogName | null;
  openDialog(dialog: DialogName): void;
  closeDialog(): void;
}

export const createDialogSlice: ReviewSliceCreator<DialogSlice> = (set) => ({
  dialog: null,
  openDialog(dialog) {
    set({ dialog });
  },
  closeDialog() {
    set({ dialog: null });
  },
});
