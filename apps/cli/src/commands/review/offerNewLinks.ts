/**
 * Getting back into a review: each review link works
 * once, so a reviewer who closed the tab, or wants the review in another
 * browser, presses Enter in the terminal running redline and gets a fresh
 * single-use link (the same session: tabs already open keep working).
 *
 * Only when stdin is a terminal, a person at the keyboard: an agent's pipe
 * (or a patch read from stdin) is never read, and no link is ever printed
 * because of what a program wrote.
 */
export interface LinkOffer {
  /** Whether Enter was offered (stdin is a terminal). */
  offered: boolean;
  stop(): void;
}

export function offerNewLinks(stdin: NodeJS.ReadableStream, newReviewUrl: () => string, write: (line: string) => void): LinkOffer {
  if (!isTerminal(stdin)) return { offered: false, stop: () => undefined };
  const onData = (chunk: Buffer | string) => {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    // A terminal in line mode hands over one line per Enter; pasted text may hold several.
    const enters = text.split(/\r\n|\r|\n/).length - 1;
    for (let i = 0; i < enters; i++) write(`New review link (works once): ${newReviewUrl()}\n`);
  };
  stdin.on('data', onData);
  stdin.resume();
  return {
    offered: true,
    stop() {
      stdin.off('data', onData);
      // A flowing terminal keeps the process alive: let it go.
      stdin.pause();
    },
  };
}

function isTerminal(stdin: NodeJS.ReadableStream): boolean {
  return 'isTTY' in stdin && stdin.isTTY === true;
}
