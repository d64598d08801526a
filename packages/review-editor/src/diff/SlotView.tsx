/** Renders one CodeView annotation slot by what it carries. */
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useExtension } from './extensionSlots.js';
import type { SlotMeta } from './slotMeta.js';
import { AnnotationCard } from '../annotations/AnnotationCard.js';
import { ComposerForm } from '../composer/ComposerForm.js';
import { FileNotices } from './FileNotices.js';
import { FitInWindow } from './FitInWindow.js';
import { UnsafeLineChips } from './UnsafeLineChips.js';
import { LongLineSlot } from '../longLines/LongLineSlot.js';
import { ThreadCard } from '../threads/ThreadCard.js';
import { ForgeThreadCard } from '../app/lazyPanels.js';
import { ProposalCard } from '../proposals/ProposalCard.js';
import { RenderedMarkdownFile } from '../markdown/RenderedMarkdownFile.js';

/**
 * A slot's box. A press inside it is the slot's own (a button, a text box),
 * never the start of a line selection: CodeView listens for pointerdown on
 * its code element, which slotted content bubbles through, and took a press
 * on "Add comment" for a press on the annotated line, redrawing the rows
 * between the button's mousedown and mouseup so the click was lost (e2e
 * narrowWindows, about 1 run in 8 under load). A native listener: the event
 * reaches CodeView before React's root would see it.
 */
export function Slot({ tight, children }: { tight?: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const keep = (event: Event) => event.stopPropagation();
    el.addEventListener('pointerdown', keep);
    return () => el.removeEventListener('pointerdown', keep);
  }, []);
  return (
    <div ref={box} className={tight ? 'slot slot-tight' : 'slot'}>
      {children}
    </div>
  );
}

export function SlotView({ meta }: { meta: SlotMeta }) {
  switch (meta.kind) {
    case 'annotation':
      return (
        <Slot>
          <AnnotationCard id={meta.id} />
        </Slot>
      );
    case 'thread':
      return (
        <Slot>
          <ThreadCard id={meta.id} />
        </Slot>
      );
    case 'forge-thread':
      return (
        <Slot>
          <Suspense fallback={null}>
            <ForgeThreadCard id={meta.id} />
          </Suspense>
        </Slot>
      );
    case 'composer':
      return (
        <Slot>
          <FitInWindow>
            <ComposerForm />
          </FitInWindow>
        </Slot>
      );
    case 'unsafe-line':
      return (
        <Slot tight>
          <UnsafeLineChips line={meta.line} />
        </Slot>
      );
    case 'long-line':
      return (
        <Slot tight>
          <LongLineSlot fileId={meta.fileId} line={meta.line} />
        </Slot>
      );
    case 'file-notices':
      return (
        <Slot tight>
          <FileNotices fileId={meta.fileId} />
        </Slot>
      );
    case 'proposal':
      return (
        <Slot>
          <ProposalCard id={meta.id} />
        </Slot>
      );
    case 'markdown-file':
      return (
        <Slot>
          <RenderedMarkdownFile fileId={meta.fileId} side={meta.side} />
        </Slot>
      );
    case 'file-banner':
      return <FileBanner fileId={meta.fileId} />;
  }
}

/** The `fileBanner` slot's strip (the edit session's HUD), when a feature fills it. */
function FileBanner({ fileId }: { fileId: string }) {
  const Banner = useExtension('fileBanner');
  return Banner ? <Banner fileId={fileId} /> : null;
}
