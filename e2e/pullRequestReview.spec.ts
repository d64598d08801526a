/**
 * A GitHub pull request reviewed by its URL in Chromium, against the contract
 * forge (a local server that checks every request against GitHub's OpenAPI
 * description and GraphQL schema) and a remote on disk holding
 * refs/pull/7/head: the header names the pull request, its file is shown, and
 * its unresolved GitHub thread sits under its line, read-only, its markdown
 * rendered and sanitized; the outdated thread is in the sidebar's list only.
 */
import { expect, test } from '@playwright/test';
import { makePullRequestFixture, PULL_URL } from '../apps/cli/testSupport/githubContract/pullRequestFixture';
import { forgeRunPerTest } from './support/forgeRun';
import { openReview, startRedline } from './support/redline';
import { card, fileDiff, lineNumber } from './support/reviewPage';

const run = forgeRunPerTest();

test('a pull request by its URL: the files, and a GitHub thread under its line', async ({ page }) => {
  const fixture = await makePullRequestFixture(run.tempDir);
  run.forge = fixture.forge;
  const redline = (run.redline = await startRedline({ cwd: fixture.clone.dir, args: [PULL_URL], env: fixture.env }));
  await openReview(page, redline);
  await expect(page.getByText('Pull request octo/widgets#7: Double the widgets').first()).toBeVisible();
  await expect(fileDiff(page, 'src/widget.ts')).toBeVisible();

  const thread = card(page, 'Thread on GitHub by @mona, line 2');
  await expect(thread).toBeVisible();
  await expect(thread.getByText('on GitHub · @mona')).toBeVisible();
  await expect(thread.locator('strong')).toHaveText('double');
  await expect(thread.getByText('@hubot')).toBeVisible();
  await expect(thread.locator('img, script')).toHaveCount(0);
  await expect(thread.getByRole('button')).toHaveCount(0);
  // Under line 2 of the new side, above line 3 (measured once CodeView has drawn both rows).
  const [line2, line3] = [lineNumber(page, 'src/widget.ts', 'new', 2), lineNumber(page, 'src/widget.ts', 'new', 3)];
  await expect(line2).toBeVisible();
  await expect(line3).toBeVisible();
  await expect
    .poll(async () => {
      const [two, three, box] = await Promise.all([line2.boundingBox(), line3.boundingBox(), thread.boundingBox()]);
      if (!two || !three || !box) return 'not drawn';
      return box.y >= two.y + two.height - 1 && box.y + box.height <= three.y + 1 ? 'between lines 2 and 3' : `at ${box.y}, lines at ${two.y} and ${three.y}`;
    })
    .toBe('between lines 2 and 3');

  await page.getByRole('tab', { name: /Comments/ }).click();
  const list = page.getByRole('region', { name: 'Threads on GitHub' });
  await expect(list).toContainText('on a line that is gone');
  await expect(card(page, /^Thread on GitHub by @octocat/)).toHaveCount(0);
  expect(fixture.forge.violations).toEqual([]);
});
