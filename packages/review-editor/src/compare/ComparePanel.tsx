/**
 * The comparison of several attempts (docs/cli.md#compare-several-attempts),
 * over the diff: the variants (renameable), the overview (every file any
 * variant touched, each variant's +/−, the files where all agree marked and
 * folded), the file being read as each variant's diff against the base (one
 * under another or in columns) with each variant's verdict and comments on
 * its lines, one variant against another, the picks, "Apply picks to …", and
 * each variant's own feedback.
 */
import { useEffect, useState } from 'react';
import { useController } from '../app/reviewContext.js';
import { CompareContext, useCompare, useCompareService } from './compareContext.js';
import { createCompareService } from './compareService.js';
import { createCompareStore } from './compareSlice.js';
import { CompareFile } from './CompareFile.js';
import { CompareOverview } from './CompareOverview.js';
import { PicksList } from './PicksList.js';
import { VariantFeedback } from './VariantFeedback.js';
import { VariantTours } from './VariantTours.js';
import { VariantNames } from './VariantNames.js';
import './compare.css';

/** How often the comparison asks for what the variants' agents posted. */
const AGENT_POSTS_EVERY_MS = 3000;

export function ComparePanel({ onClose }: { onClose: () => void }) {
  const { api } = useController();
  const [context] = useState(() => {
    const store = createCompareStore();
    return { store, service: createCompareService(store, api) };
  });
  useEffect(() => void context.service.load(), [context]);
  // The variants' agents post while the reviewer compares (redline annotate --variant): their findings and tours come in by themselves.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void context.service.refreshAgentPosts();
    }, AGENT_POSTS_EVERY_MS);
    return () => clearInterval(timer);
  }, [context]);
  useEffect(() => {
    // Esc closes the comparison, unless a field of it took the key first (a comment, a name being edited).
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !event.defaultPrevented && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <CompareContext.Provider value={context}>
      <section className="compare-panel" aria-label="Compare variants">
        <CompareBody />
      </section>
    </CompareContext.Provider>
  );
}

function CompareBody() {
  const data = useCompare((s) => s.data);
  const service = useCompareService();
  if (data.kind === 'loading') return <p className="compare-note">Reading the variants…</p>;
  if (data.kind === 'failed') {
    return (
      <p className="compare-note" role="alert">
        The comparison could not be read: {data.message}{' '}
        <button type="button" className="btn btn-small" onClick={() => void service.load()}>
          Try again
        </button>
      </p>
    );
  }
  const { base, variants, rows } = data.value;
  return (
    <>
      <header className="compare-header">
        <h2>
          {variants.length} attempts, {rows.length} file{rows.length === 1 ? '' : 's'} touched, against base <code>{base.short}</code>
        </h2>
        <VariantNames />
      </header>
      <div className="compare-columns">
        <div className="compare-side">
          <CompareOverview />
          <PicksList />
          <VariantTours />
          <VariantFeedback />
        </div>
        <CompareFile />
      </div>
    </>
  );
}
