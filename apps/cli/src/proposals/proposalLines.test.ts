/**
 * The proposals' lines are read once per file and diff, not once per
 * proposal and poll: against a real server over a real repository, 300
 * proposals on 3 files read 3 files for the posting and the polls together
 * (900 a poll before), and a change to a file is still seen: once the diff
 * is read again, the proposal on the changed line is outdated.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, type Finding, type ProposalsData } from '@redline/core';
import { makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { gitSource, startHarness, type Harness } from '../../testSupport/reviewServerHarness.js';
import { takeFindings } from './takeFindings.js';

const FILES = ['a.ts', 'b.ts', 'c.ts'];
const LINES = 100;
const text = (word: string) => Array.from({ length: LINES }, (_, i) => `const ${word}${i} = ${i};`).join('\n') + '\n';

let repo: TestRepo;
let harness: Harness;
let reads: string[];

beforeEach(async () => {
  repo = makeRepo({ commit: Object.fromEntries(FILES.map((path) => [path, text('old')])) });
  for (const path of FILES) repo.write(path, text('new'));
  harness = await startHarness(await gitSource(repo.dir));
  reads = [];
  const readFile = harness.session.readFile.bind(harness.session);
  harness.session.readFile = (path, fingerprint) => {
    reads.push(path);
    return readFile(path, fingerprint);
  };
});
afterEach(async () => {
  await harness.close();
  repo.cleanup();
});

const poll = async () => (await harness.get(API.proposals)).json<ProposalsData>().proposals;

describe('the proposals poll', () => {
  it('reads each file once per diff, however many proposals and polls, and still sees a change', async () => {
    const findings: Finding[] = FILES.flatMap((path) =>
      Array.from({ length: LINES }, (_, i): Finding => ({ kind: 'finding', path, side: 'new', lines: { start: i + 1, end: i + 1 }, text: `line ${i + 1}`, suggestion: null })),
    );
    await harness.session.proposals.add(await takeFindings(harness.session, findings));
    for (let i = 0; i < 3; i++) {
      const proposals = await poll();
      expect(proposals).toHaveLength(300);
      expect(proposals.every((p) => !p.outdated)).toBe(true);
    }
    expect(reads.sort()).toEqual(FILES);

    repo.write('b.ts', text('new').replace('const new7 = 7;', 'const new7 = 70;'));
    // Past the 2 s a reading of the diff is trusted for: the next poll reads the diff again.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const outdated = (await poll()).filter((p) => p.outdated).map((p) => `${p.proposal.finding.path}:${p.proposal.finding.lines.start}`);
    expect(outdated).toEqual(['b.ts:8']);
    expect(reads.length).toBe(FILES.length * 2);
  });
});
