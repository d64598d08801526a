/**
 * A probe, not a test (PROBE=1 runs it): the time from the "Load diff" click
 * to the text of a 5 MB one-line minified file shown, in the built page in
 * Chromium, with word wrap off and on. "Shown" is the first line's element
 * holding text and narrower than Chromium's layout limit (33,554,402 px: a
 * wider element paints nothing), one frame later. Prints one line per case.
 */
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { minifiedRepo } from './support/minifiedRepo';

test.skip(!process.env.PROBE, 'set PROBE=1 to measure the 5 MB line');

let redline: RunningRedline | null = null;
let dir = '';
test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  rmSync(dir, { recursive: true, force: true });
});

interface Timing {
  /** From the click to the text shown, or to giving up after 20 s. */
  ms: number;
  shown: boolean;
  /** When the line's element first held text (shown or not); -1: never. */
  appearedMs: number;
  width: number;
}

async function timeLoadDiff(page: Page): Promise<Timing> {
  await page.getByRole('button', { name: 'Load diff' }).waitFor();
  return page.evaluate(async () => {
    const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Load diff')!;
    // The probe's repository changes only this file: the first diff on the page.
    const lineOf = () => {
      const line = document.querySelector('diffs-container')?.shadowRoot?.querySelector('code [data-line]');
      return line && line.hasChildNodes() ? line : null;
    };
    const started = performance.now();
    button.click();
    let appearedMs = -1;
    return new Promise<Timing>((resolve) => {
      const check = () => {
        const line = lineOf();
        const width = line ? line.getBoundingClientRect().width : 0;
        const elapsed = performance.now() - started;
        if (line && appearedMs < 0) appearedMs = elapsed;
        if (line && width < 33_554_000) requestAnimationFrame(() => resolve({ ms: performance.now() - started, shown: true, appearedMs, width }));
        else if (elapsed > 20_000) resolve({ ms: elapsed, shown: false, appearedMs, width });
        else requestAnimationFrame(check);
      };
      check();
    });
  });
}

for (const wrap of [false, true]) {
  test(`the 5 MB line after Load diff, word wrap ${wrap ? 'on' : 'off'}`, async ({ page, context }) => {
    test.setTimeout(120_000);
    dir = minifiedRepo();
    redline = await startRedline({ cwd: dir });
    await context.addCookies([{ name: 'wordWrap', value: wrap ? 'on' : 'off', url: redline.origin }]);
    await openReview(page, redline);
    const t = await timeLoadDiff(page);
    const what = t.shown ? `shown after ${Math.round(t.ms)} ms` : `NOT shown after ${Math.round(t.ms)} ms`;
    console.log(`long-line probe: wrap ${wrap ? 'on' : 'off'}: ${what} (its element held text after ${Math.round(t.appearedMs)} ms, ${Math.round(t.width)} px wide)`);
    expect(t.ms).toBeGreaterThan(0);
  });
}
