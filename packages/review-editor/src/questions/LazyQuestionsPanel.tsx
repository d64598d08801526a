/**
 * The questions' panel in a chunk of its own: only the Comments tab shows
 * it, and the entry the page parses before its first diff has a budget
 * (e2e/entryBudget.spec.ts). Rendered when its chunk is in.
 */
import { lazy, Suspense } from 'react';

const QuestionsPanel = lazy(async () => ({ default: (await import('./QuestionsPanel.js')).QuestionsPanel }));

export function LazyQuestionsPanel() {
  return (
    <Suspense fallback={null}>
      <QuestionsPanel />
    </Suspense>
  );
}
