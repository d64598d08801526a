/**
 * `redline publish` asks the person at the terminal first (the real
 * process, stdin and stderr a terminal): "n" (or anything but y/yes) posts
 * nothing and exits 3; "y" publishes.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCli, CLI_BIN } from '../../../testSupport/buildCli.js';
import { spawnInTerminal } from '../../../testSupport/inTerminal.mjs';
import { makePublishFixture, type PublishFixture } from '../../../testSupport/publishFixture.js';

beforeAll(() => {
  expect(buildCli()).toBe(true);
}, 120_000);

let fixture: PublishFixture;
beforeEach(async () => {
  fixture = await makePublishFixture();
});
afterEach(() => fixture.close());

async function answer(text: string): Promise<{ code: number; terminal: string; stdout: string }> {
  const run = spawnInTerminal(process.execPath, [CLI_BIN, 'publish'], { cwd: fixture.clone.dir, env: fixture.env });
  await run.waitForTerminal(/Publish round 1 to octo\/widgets#7 as REQUEST_CHANGES\? \[y\/N\] /);
  run.type(`${text}\n`);
  const code = await run.exited;
  return { code, terminal: run.terminalText(), stdout: run.stdoutText() };
}

describe('redline publish in a terminal', () => {
  it('asks first: no posts nothing (exit 3), yes publishes', async () => {
    await fixture.sendPullRound({ verdict: 'request-changes', summary: 'Fix it.', annotations: [] });
    const no = await answer('n');
    expect(no.code).toBe(3);
    expect(no.terminal).toContain('Not published.');
    expect(fixture.pull.reviews).toEqual([]);
    const yes = await answer('y');
    expect(yes.code, yes.terminal).toBe(0);
    expect(yes.stdout).toBe(`https://github.com/octo/widgets/pull/7#pullrequestreview-${fixture.pull.reviews[0]!.id}\n`);
    expect(fixture.pull.reviews).toHaveLength(1);
    expect(fixture.forge.violations).toEqual([]);
  });
});
