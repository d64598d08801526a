/**
 * The open (or just closed) form as the draft keeps it, and back: what lets
 * a reload, a crash or an Esc lose nothing typed. File ids are paths.
 */
import type { UnsentComposer, UnsentTarget } from '@redline/core';
import type { Composer, ComposerTarget, LineTarget, OpenComposerInput } from './composerSlice.js';

/** Whether closing the form would throw away something the reviewer did. */
export function composerHasWork(c: Composer): boolean {
  if (c.text.trim() !== '') return true;
  return c.kind === 'suggestion' && (c.suggestedCode !== c.originalCode || c.deletion);
}

export function composerToUnsent(c: Composer): UnsentComposer | null {
  const target = toUnsentTarget(c.target);
  const label = c.label ? { label: c.label } : {};
  if (c.kind === 'comment') return { kind: 'comment', target, text: c.text, editingId: c.editingId, ...label };
  if (target.scope !== 'line') return null;
  const { originalCode, suggestedCode, deletion } = c;
  return { kind: 'suggestion', target, text: c.text, originalCode, suggestedCode, deletion, revision: c.revision ?? null, editingId: c.editingId, ...label };
}

/** The form to open for a kept composer; null when its file is no longer in the diff. */
export function unsentToComposerInput(u: UnsentComposer, hasFile: (path: string) => boolean): OpenComposerInput | null {
  if (u.target.scope !== 'general' && !hasFile(u.target.path)) return null;
  const base = { text: u.text, editingId: u.editingId, label: u.label ?? null };
  if (u.kind === 'comment') return { kind: 'comment', target: toComposerTarget(u.target), ...base };
  const { originalCode, suggestedCode, deletion } = u;
  return { kind: 'suggestion', target: toLineTarget(u.target), ...base, originalCode, suggestedCode, deletion, ...(u.revision ? { revision: u.revision } : {}) };
}

function toUnsentTarget(t: ComposerTarget): UnsentTarget {
  if (t.scope === 'general') return t;
  if (t.scope === 'file') return { scope: 'file', path: t.fileId };
  return { scope: 'line', path: t.fileId, side: t.side, startLine: t.startLine, endLine: t.endLine };
}

function toComposerTarget(t: UnsentTarget): ComposerTarget {
  if (t.scope === 'general') return t;
  if (t.scope === 'file') return { scope: 'file', fileId: t.path };
  return toLineTarget(t);
}

function toLineTarget(t: Extract<UnsentTarget, { scope: 'line' }>): LineTarget {
  return { scope: 'line', fileId: t.path, side: t.side, startLine: t.startLine, endLine: t.endLine };
}
