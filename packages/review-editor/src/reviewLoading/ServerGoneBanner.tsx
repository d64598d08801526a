/**
 * The banner for a server that stopped answering: says
 * so, says how to go on (a new redline is on a new port the page cannot
 * reach, so the page cannot hand over by itself), and offers the export made
 * by the page itself.
 */
import { useController, useReview } from '../app/reviewContext.js';
import { copyText, downloadText, feedbackFileName, feedbackMarkdownOf } from '../feedback/exportFromPage.js';
import { SERVER_GONE_WORDS } from '../feedback/serverGoneWords.js';
import { Icon } from '../ui/icons.js';

export function ServerGoneBanner() {
  const controller = useController();
  const gone = useReview((s) => s.serverGone);
  const repoName = useReview((s) => s.review?.repoName ?? '');
  if (!gone) return null;
  const markdown = () => feedbackMarkdownOf(controller.feedbackReview());
  const copy = async () => {
    const copied = await copyText(markdown());
    controller.store.getState().showToast(copied ? SERVER_GONE_WORDS.copied : SERVER_GONE_WORDS.copyFailed);
  };
  return (
    <div className="server-gone" role="alert">
      <Icon name="warning" />
      <div className="server-gone-text">
        <strong>{SERVER_GONE_WORDS.title}</strong>
        <p>{SERVER_GONE_WORDS.howToContinue}</p>
      </div>
      <div className="server-gone-actions">
        <button type="button" className="btn btn-small" onClick={() => void copy()}>
          {SERVER_GONE_WORDS.copy}
        </button>
        <button type="button" className="btn btn-small" onClick={() => downloadText(markdown(), feedbackFileName(repoName))}>
          {SERVER_GONE_WORDS.download}
        </button>
      </div>
    </div>
  );
}
