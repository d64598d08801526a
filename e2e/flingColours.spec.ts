/**
 * Flung through, the diff's colours wait, then come (diff/flingHighlight.ts):
 * scrolled two views a frame (a fling: a view or more from one scroll to the
 * next), the files passed are drawn plain (their colours are not asked of
 * the workers meanwhile), and once the reader stops, every code line on
 * screen is coloured within 2 s. A jump (a tree click) is no fling: the file
 * jumped to is coloured as before.
 */
import { expect, test, type Page } from '@playwright/test';
import { undoAfterEachTest } from './support/afterTest';
import { openReview } from './support/redline';
import { repoWith } from './support/repoWith';

const after = undoAfterEachTest();
const FILES = 60;

/** 60 TypeScript files, each with 30 lines changed in one hunk: about 40 views of diff at 1400×900. */
function manyFilesRepo(): string {
  const base: Record<string, string> = {};
  const change: Record<string, string> = {};
  for (let f = 0; f < FILES; f++) {
    const name = `src/module${String(f).padStart(2, '0')}.ts`;
    const lines = (word: string) => Array.from({ length: 30 }, (_, i) => `export const ${word}${f}_${i} = { id: ${i}, label: '${word} ${i}', ratio: ${i} / 7 };`);
    base[name] = `${lines('before').join('\n')}\n`;
    change[name] = `${lines('after').join('\n')}\n`;
  }
  return repoWith(base, change);
}

/** The code lines on screen in the diff, and how many of them have a coloured token. */
function linesOnScreen(page: Page): Promise<{ shown: number; coloured: number }> {
  return page.evaluate(() => {
    let shown = 0;
    let coloured = 0;
    for (const host of Array.from(document.querySelectorAll('diffs-container'))) {
      for (const line of Array.from(host.shadowRoot?.querySelectorAll('[data-line]') ?? [])) {
        const box = line.getBoundingClientRect();
        if (box.bottom <= 60 || box.top >= innerHeight || box.height === 0 || (line.textContent ?? '').trim() === '') continue;
        shown++;
        if (line.querySelector('span[style*="--diffs-token"]')) coloured++;
      }
    }
    return { shown, coloured };
  });
}

/** Within 2 s, every code line on screen has a coloured token. */
async function expectAllColoured(page: Page, message: string): Promise<void> {
  await expect
    .poll(async () => {
      const { shown, coloured } = await linesOnScreen(page);
      return shown > 0 && coloured === shown;
    }, { timeout: 2_000, message })
    .toBe(true);
}

test('flung through, the files passed are drawn plain, and the lines on screen are coloured once the reader stops; a jump is coloured as before', async ({ page }) => {
  const redline = await after.redlineOn(manyFilesRepo());
  // Every message the page posts to a worker is counted (the highlighter's requests among them).
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage;
    const counter = window as unknown as { __toWorkers: number };
    counter.__toWorkers = 0;
    Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      counter.__toWorkers++;
      return post.apply(this, args);
    } as Worker['postMessage'];
  });
  await openReview(page, redline);
  await expect.poll(async () => (await linesOnScreen(page)).coloured, { message: 'the first screen of the app is coloured' }).toBeGreaterThan(0);

  // Whatever the workers were asked for at load (the files ahead) is done before the fling.
  await page.waitForTimeout(1_500);
  // Two views a frame (a scrollbar dragged), 25 frames, recording how many frames showed plain code lines and how many requests went to the workers.
  const fling = await page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('.code-view')!;
    const counter = window as unknown as { __toWorkers: number };
    let plain = 0;
    let sentBefore = 0;
    for (let i = 0; i < 25; i++) {
      // The second scroll makes the fling (a view or more since the one before); the requests of the first frames may still be queued to the workers.
      if (i === 5) sentBefore = counter.__toWorkers;
      scroller.scrollTop += 2 * scroller.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const lines = Array.from(document.querySelectorAll('diffs-container')).flatMap((host) => Array.from(host.shadowRoot?.querySelectorAll('[data-line]') ?? []));
      const onScreen = lines.filter((line) => {
        const box = line.getBoundingClientRect();
        return box.bottom > 60 && box.top < innerHeight && (line.textContent ?? '').trim() !== '';
      });
      if (onScreen.length > 0 && onScreen.every((line) => !line.querySelector('span[style*="--diffs-token"]'))) plain++;
    }
    return { plain, sent: counter.__toWorkers - sentBefore };
  });
  expect(fling.plain, 'frames of the fling that showed code drawn plain').toBeGreaterThan(0);
  // 20 frames, each drawing files not highlighted yet: without the hold, one request or more a frame.
  expect(fling.sent, 'requests sent to the highlighter workers during the fling').toBeLessThanOrEqual(2);

  // Stopped: every code line on screen is coloured within 2 s.
  await expectAllColoured(page, 'every code line on screen coloured within 2 s of the stop');

  // A jump from the tree to a file not yet drawn: coloured as any file is, no fling in between.
  const tree = page.getByRole('navigation', { name: 'Changed files' });
  await page.getByRole('searchbox', { name: 'Filter files' }).fill('module05');
  await tree.locator('.tree-file[aria-label^="src/module05.ts,"]').click();
  await expectAllColoured(page, 'the file jumped to is coloured');
});
