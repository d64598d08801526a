/**
 * The export made by the page itself, for when the server is gone: the same
 * markdown the server would have printed, because it is rendered by the
 * core's `renderFeedbackMarkdown` from the same `FeedbackReview` (the core's
 * `buildFeedbackReview`, which the Send Feedback preview shows too).
 */
import { renderFeedbackMarkdown, type FeedbackReview } from '@redline/core';

export function feedbackMarkdownOf(review: FeedbackReview): string {
  return renderFeedbackMarkdown(review);
}

/** Puts the markdown on the clipboard; false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Saves the markdown as a file through the browser's download. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; a moment's grace for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `redline-feedback-<repository>.md`, with anything but letters, digits, `.`, `_` and `-` made `-`. */
export function feedbackFileName(repoName: string): string {
  const safe = repoName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '');
  return `redline-feedback${safe ? `-${safe}` : ''}.md`;
}
