/** Renders one CodeView annotation slot by what it carries. */
import { extensionSlots } from './extensionSlots.js';
import type { SlotMeta } from './slotMeta.js';
import { AnnotationCard } from '../annotations/AnnotationCard.js';
import { ComposerForm } from '../composer/ComposerForm.js';
import { FileNotices } from './FileNotices.js';
import { FitInWindow } from './FitInWindow.js';
import { UnsafeLineChips } from './UnsafeLineChips.js';

export function SlotView({ meta }: { meta: SlotMeta }) {
  switch (meta.kind) {
    case 'annotation':
      return (
        <div className="slot">
          <AnnotationCard id={meta.id} />
        </div>
      );
    case 'composer':
      return (
        <div className="slot">
          <FitInWindow>
            <ComposerForm />
          </FitInWindow>
        </div>
      );
    case 'unsafe-line':
      return (
        <div className="slot slot-tight">
          <UnsafeLineChips line={meta.line} />
        </div>
      );
    case 'file-notices':
      return (
        <div className="slot slot-tight">
          <FileNotices fileId={meta.fileId} />
        </div>
      );
    case 'file-banner': {
      const Banner = extensionSlots.fileBanner;
      return Banner ? <Banner fileId={meta.fileId} /> : null;
    }
  }
}
