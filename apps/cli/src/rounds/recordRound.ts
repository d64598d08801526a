/**
 * Writes one round: the state tree, round.json and review.json as blobs,
 * their tree, a commit whose parents are the series' previous round (and the
 * reviewer's own previous tip, so their ref only ever moves forward), and
 * last `git update-ref <ref> <new> <old>`: a compare-and-swap, and the only
 * step that changes what anyone reads. Killed before it, the round's objects
 * are unreferenced garbage and the previous rounds stand; update-ref itself
 * replaces the ref by a rename. (Tested: SIGKILL at random moments, recordRound.kill.test.ts.)
 */
import { RedlineError } from '../errors.js';
import { runGitText } from '../git/runGit.js';
import { roundRefName } from './roundRefs.js';
import { signingConfigured } from './roundSignatures.js';
import { ROUND_FORMAT, ROUND_VERSION, type RoundRecord } from './roundRecord.js';
import { writeRoundState } from './writeRoundState.js';

/** Round commits are authored by redline, not by whoever git config names: the reviewer is in round.json. */
const ROUND_COMMIT_IDENTITY = { name: 'Redline', email: 'redline@localhost' };

export type RoundToWrite = Omit<RoundRecord, 'format' | 'version' | 'state'>;

export interface RecordedRound {
  ref: string;
  commit: string;
  state: string;
}

/**
 * @param previous the series' last round commit (null for a first round)
 * @param ownTip what the reviewer's ref points at now (null when it does not exist): the swap's expected old value
 */
export async function recordRound(root: string, round: RoundToWrite, reviewJson: string, previous: string | null, ownTip: string | null): Promise<RecordedRound> {
  const signing = signingConfigured(root);
  signing.catch(() => undefined); // awaited below, unless the state cannot be written
  const state = await writeRoundState(root, round.target);
  const record: RoundRecord = { format: ROUND_FORMAT, version: ROUND_VERSION, ...round, state };
  const [recordBlob, reviewBlob] = await Promise.all([writeBlob(root, `${JSON.stringify(record, null, 2)}\n`), writeBlob(root, reviewJson)]);
  const tree = (
    await runGitText(['mktree', '-z'], {
      cwd: root,
      input: [`100644 blob ${reviewBlob}\treview.json`, `100644 blob ${recordBlob}\tround.json`, `040000 tree ${state}\tstate`].map((line) => `${line}\0`).join(''),
    })
  ).trim();
  const parents = [...new Set([previous, ownTip].filter((oid): oid is string => oid !== null))];
  const commit = await commitRound(root, tree, parents, record, await signing);
  const ref = roundRefName(round.series, round.reviewer);
  await swapRef(root, ref, commit, ownTip);
  return { ref, commit, state };
}

function writeBlob(root: string, text: string): Promise<string> {
  return runGitText(['hash-object', '-w', '--stdin'], { cwd: root, input: text }).then((oid) => oid.trim());
}

async function commitRound(root: string, tree: string, parents: readonly string[], record: RoundRecord, signed: boolean): Promise<string> {
  const date = `${Math.floor(Date.parse(record.time) / 1000)} +0000`;
  const env = {
    GIT_AUTHOR_NAME: ROUND_COMMIT_IDENTITY.name,
    GIT_AUTHOR_EMAIL: ROUND_COMMIT_IDENTITY.email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: ROUND_COMMIT_IDENTITY.name,
    GIT_COMMITTER_EMAIL: ROUND_COMMIT_IDENTITY.email,
    GIT_COMMITTER_DATE: date,
  };
  const message = `redline round ${record.number}: ${record.verdict}\n\nseries ${record.series}; reviewer ${record.reviewer ?? '(none given)'}\n`;
  // Signed with the user's own git signing when their git signs commits (roundSignatures.ts); never otherwise.
  const sign = signed ? ['commit-tree', '-S'] : ['-c', 'commit.gpgSign=false', 'commit-tree'];
  const args = [...sign, tree, ...parents.flatMap((parent) => ['-p', parent])];
  return (await runGitText(args, { cwd: root, env, input: message })).trim();
}

async function swapRef(root: string, ref: string, commit: string, expected: string | null): Promise<void> {
  // An empty old value means "must not exist yet".
  await runGitText(['update-ref', '--no-deref', ref, commit, expected ?? ''], { cwd: root }).catch((error: Error) => {
    throw new RedlineError('write-failed', `could not record the round in ${ref} (did another redline write it meanwhile?): ${error.message}`);
  });
}
