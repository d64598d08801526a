/**
 * `redline apply`: reads a feedback export, plans each file's suggestions
 * with the core's pure planner, and writes the result safely.
 *
 *   export ──parseFeedback──> suggestions ──--only──> grouped by path
 *     ──checkRepoPath + readTargetFile──> current text and sha256
 *     ──readReviewedTexts──> the reviewed texts, from the recorded rounds
 *     ──planApply──> outcomes + new text
 *     ──all or nothing (or --partial)──> writeTargetFiles | --check diff
 *
 * The suggestions of earlier rounds a later round's export carries (still
 * open, with their code: docs/feedback-format.md, section 8) are applied with
 * the round's own, after them in each file (the latest word wins a conflict),
 * and each result names its round.
 *
 * A fix set (section 10) is applied whole or not at all (planSuggestionFiles),
 * `--only` takes its id (a member's id alone is refused), and the report lists
 * it as one item; under --check with its whole diff.
 *
 * Exit status (errors.ts's EXIT and code table): 0 when every selected
 * suggestion is applied, relocated or already applied; 1 when any was
 * refused (nothing written unless --partial); 2 for usage errors and an
 * unreadable or unparseable export ('usage', 'bad-input').
 */
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EXIT, isRedlineError, RedlineError } from '../../errors.js';
import { findRepository } from '../../git/findRepository.js';
import { reportError } from '../reportError.js';
import {
  formatReportJson,
  formatReportText,
  isSuccess,
  summarize,
  type ApplyReport,
  type FixSetResult,
  type SuggestionResult,
} from './applyReport.js';
import { formatUnifiedDiff, planApply, type Suggestion } from './core.js';
import { APPLY_HELP, parseApplyArgs, type ApplyOptions } from './parseApplyArgs.js';
import { planSuggestionFiles, type PlannedFile } from './planSuggestionFiles.js';
import { readExportSuggestions, type ApplySet } from './readExportSuggestions.js';
import { readReviewedTexts } from './readReviewedTexts.js';
import { writeTargetFiles, type WriteHooks } from './writeTargetFiles.js';

export interface ApplyIo {
  cwd: string;
  stdin: NodeJS.ReadableStream;
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

export type { WriteHooks as ApplyHooks } from './writeTargetFiles.js';

export async function runApplyCommand(args: string[], io: ApplyIo, hooks?: WriteHooks): Promise<number> {
  try {
    return await run(args, io, hooks);
  } catch (error) {
    return reportError(error, io.stderr, 'redline apply');
  }
}

async function run(args: string[], io: ApplyIo, hooks: WriteHooks | undefined): Promise<number> {
  const options = parseApplyArgs(args);
  if (options.help) {
    io.stdout.write(APPLY_HELP);
    return EXIT.allApplied;
  }
  if (options.inputImplicit && (io.stdin as { isTTY?: boolean }).isTTY === true) {
    throw new RedlineError('usage', 'no export given: pass FILE, or pipe the export on standard input');
  }
  const { suggestions, roundOf, comments, fixSets: allSets } = await readExportSuggestions(options.input, io.cwd, io.stdin);
  const selected = selectSuggestions(suggestions, allSets, options.only);
  const chosen = new Set(selected);
  const fixSets = allSets.filter((set) => set.members.some((m) => chosen.has(m)));
  const root = await findApplyRoot(resolve(io.cwd, options.repo ?? '.'));
  const realRoot = await realpath(root);

  const reviewed = await readReviewedTexts(root, selected);
  const { results, planned } = await planSuggestionFiles({ root, realRoot, selected, roundOf, reviewed, fixSets });

  const ordered = () => selected.map((a) => inReportOrder(results.get(a)!));
  const anyFailed = () => ordered().some((r) => !isSuccess(r.status));
  const toWrite = planned.filter((f) => f.plan.changed && (options.partial || !anyFailed()));

  let diff: string | undefined;
  const written: string[] = [];
  if (options.check) {
    diff = toWrite.map((f) => formatUnifiedDiff(f.path, f.target.text, f.plan.newText)).join('');
  } else if (toWrite.length > 0) {
    const outcome = await writeTargetFiles(
      toWrite.map((f) => ({
        kind: 'replace' as const,
        path: f.path,
        root: realRoot,
        full: f.target.full,
        bytes: Buffer.from(f.plan.newText, 'utf8'),
        expectedSha256: f.target.sha256,
        stats: f.target.stats,
      })),
      { allOrNothing: !options.partial, hooks },
    );
    for (const failure of outcome.failures) {
      for (const [a, r] of results) {
        if (a.path === failure.path && (r.status === 'applied' || r.status === 'relocated')) {
          results.set(a, { ...r, status: 'refused', reason: failure.reason, message: failure.message, written: false });
        }
      }
    }
    for (const path of outcome.written) {
      written.push(path);
      for (const [a, r] of results) {
        if (a.path === path && (r.status === 'applied' || r.status === 'relocated')) results.set(a, { ...r, written: true });
      }
    }
  }

  const list = ordered();
  const exitCode = list.every((r) => isSuccess(r.status)) ? EXIT.allApplied : EXIT.someRefused;
  const report: ApplyReport = {
    format: 'redline-apply',
    version: 1,
    mode: options.check ? 'check' : 'apply',
    partial: options.partial,
    repository: root,
    exitCode,
    written,
    summary: summarize(list),
    comments,
    suggestions: list,
    fixSets: fixSets.map((set) => fixSetResult(set, results, options.check ? { planned, reviewed } : null)),
    ...(diff !== undefined ? { diff } : {}),
  };
  emit(io, options, report);
  return exitCode;
}

function emit(io: ApplyIo, options: ApplyOptions, report: ApplyReport): void {
  if (options.json) {
    io.stdout.write(formatReportJson(report));
  } else if (options.check) {
    // stdout carries only the patch, so it can be piped to `git apply`.
    io.stdout.write(report.diff ?? '');
    io.stderr.write(formatReportText(report));
  } else {
    io.stdout.write(formatReportText(report));
  }
}

/** No repository is bad input for apply (exit 2), where a review calls it an error (exit 1). */
async function findApplyRoot(dir: string): Promise<string> {
  try {
    return (await findRepository(dir, 'apply')).root;
  } catch (error) {
    if (isRedlineError(error)) throw new RedlineError('bad-input', error.message, { cause: error });
    throw error;
  }
}

/** `--only`: suggestion ids and fix set ids (a set's id selects all its members); a member's id alone is refused, since a set is never split. */
function selectSuggestions(suggestions: readonly Suggestion[], fixSets: readonly ApplySet[], only: readonly string[] | null): Suggestion[] {
  if (only === null) return [...suggestions];
  const setById = new Map(fixSets.map((set) => [set.id, set]));
  const setOfMember = new Map(fixSets.flatMap((set) => set.members.map((m) => [m.id, set] as const)));
  const known = new Set(suggestions.map((s) => s.id));
  const unknown = [...new Set(only.filter((id) => !known.has(id) && !setById.has(id)))];
  if (unknown.length > 0) {
    const ids = unknown.length === 1 ? 'an id' : 'ids';
    throw new RedlineError('bad-input', `--only names ${ids} the export has no suggestion for: ${unknown.join(', ')} (nor a fix set)`);
  }
  const member = only.find((id) => !setById.has(id) && setOfMember.has(id));
  if (member !== undefined) {
    const set = setOfMember.get(member)!.id;
    throw new RedlineError('bad-input', `--only names ${member}, which is part of set ${set}: use the set's id (--only ${set}); a fix set is applied whole or not at all`);
  }
  const wanted = new Set(only.flatMap((id) => setById.get(id)?.members.map((m) => m.id) ?? [id]));
  return suggestions.filter((s) => wanted.has(s.id));
}

/** A set as one item of the report; under --check with its own diff: each of its files planned with its members alone. */
function fixSetResult(
  set: ApplySet,
  results: ReadonlyMap<Suggestion, SuggestionResult>,
  check: { planned: readonly PlannedFile[]; reviewed: ReadonlyMap<string, string> } | null,
): FixSetResult {
  const applied = set.members.every((m) => { const r = results.get(m); return r !== undefined && isSuccess(r.status); });
  const item: FixSetResult = { id: set.id, description: set.description, round: set.round, status: applied ? 'applied' : 'refused', members: set.members.map((m) => m.id) };
  if (!check) return item;
  const diff = !applied
    ? ''
    : check.planned
        .map((file) => {
          const members = set.members.filter((m) => m.path === file.path);
          if (members.length === 0) return '';
          const plan = planApply({ text: file.target.text, sha256: file.target.sha256, suggestions: members, reviewed: check.reviewed });
          return formatUnifiedDiff(file.path, file.target.text, plan.newText);
        })
        .join('');
  return { ...item, diff };
}

/** The documented key order of a result in the JSON report. */
function inReportOrder(r: SuggestionResult): SuggestionResult {
  return {
    id: r.id,
    round: r.round,
    fixSet: r.fixSet,
    path: r.path,
    startLine: r.startLine,
    endLine: r.endLine,
    status: r.status,
    reason: r.reason,
    message: r.message,
    at: r.at,
    movedBy: r.movedBy,
    conflictsWith: r.conflictsWith,
    written: r.written,
  };
}
