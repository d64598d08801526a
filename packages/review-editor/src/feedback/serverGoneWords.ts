/** What the page says when the server has stopped: the banner and a failed Send share these words. */
export const SERVER_GONE_WORDS = {
  title: 'Redline has stopped: the review is safe in this page.',
  howToContinue:
    'To go on, run redline again in this repository: it restores the draft it last saved. ' +
    'What you did after it stopped is only in this page: copy or download the feedback to keep it.',
  sendFailed: 'Redline has stopped. Copy or download the feedback from the banner, or run redline again to continue.',
  copy: 'Copy feedback as markdown',
  download: 'Download',
  copied: 'Feedback copied as markdown',
  copyFailed: 'The browser did not allow copying: use Download.',
} as const;
