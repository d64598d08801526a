/** Undoing what a test started (a repository, redline, a browser), after each test of the file, newest first. */
import { rmSync } from 'node:fs';
import { test } from '@playwright/test';
import { startRedline, type RunningRedline } from './redline';

export interface AfterTest {
  /** Runs `undo` after the test, before what was registered earlier. */
  (undo: () => unknown): void;
  /** Starts redline on a repository made for the test; both go after it. */
  redlineOn(dir: string): Promise<RunningRedline>;
}

export function undoAfterEachTest(): AfterTest {
  const undos: (() => unknown)[] = [];
  test.afterEach(async () => {
    for (const undo of undos.splice(0).reverse()) await undo();
  });
  const after = ((undo: () => unknown) => void undos.push(undo)) as AfterTest;
  after.redlineOn = async (dir) => {
    after(() => rmSync(dir, { recursive: true, force: true }));
    const redline = await startRedline({ cwd: dir });
    after(() => redline.stop());
    return redline;
  };
  return after;
}
