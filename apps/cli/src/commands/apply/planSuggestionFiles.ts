/**
 * The planning half of `redline apply`: the selected suggestions grouped by
 * file, each file's path checked and its current text read, then planned
 * with the core's `planApply`. Writes nothing. `redline apply` writes the
 * plans to the working tree; `redline check` writes them to its scratch copy
 * (apps/cli/src/check/), so both refuse a suggestion by the same rules.
 *
 * A fix set is planned whole or not at all (docs/feedback-format.md, section
 * 9): when any selected member is not applied (outdated, a conflict, refused),
 * every other member is refused naming the set and that member, and the files
 * are planned again without the set, so no plan holds part of a set (with
 * --partial the rest is still written). Again until no set breaks: each round
 * takes at least one set out.
 */
import { checkRepoPath } from './checkRepoPath.js';
import { planApply, type ApplyPlan, type Suggestion } from './core.js';
import { isSuccess, linesLabel, type SuggestionResult } from './applyReport.js';
import type { ApplySet } from './readExportSuggestions.js';
import { readTargetFile, type TargetFile } from './readTargetFile.js';

export interface PlannedFile {
  path: string;
  target: TargetFile;
  plan: ApplyPlan;
}

export interface PlannedSuggestions {
  /** One result per selected suggestion (written: false). */
  results: Map<Suggestion, SuggestionResult>;
  /** The files whose suggestions could be planned, in export order. */
  planned: PlannedFile[];
}

export interface PlanInput {
  /** The work tree to plan against, and its real path. */
  root: string;
  realRoot: string;
  selected: readonly Suggestion[];
  /** The earlier round of each carried suggestion. */
  roundOf: ReadonlyMap<Suggestion, number>;
  /** The reviewed texts by sha256 (readReviewedTexts). */
  reviewed: ReadonlyMap<string, string>;
  /** The fix sets whose members are among `selected`: each applied whole or not at all. */
  fixSets: readonly ApplySet[];
}

export async function planSuggestionFiles(input: PlanInput): Promise<PlannedSuggestions> {
  const setOf = new Map(input.fixSets.flatMap((set) => set.members.map((member) => [member, set] as const)));
  const setRefusals = new Map<Suggestion, SuggestionResult>();
  for (;;) {
    const { results, planned } = await planOnce({ ...input, selected: input.selected.filter((s) => !setRefusals.has(s)) });
    const broken = input.fixSets.filter((set) => set.members.some((m) => results.has(m) && !isSuccess(results.get(m)!.status)));
    for (const set of broken) {
      const failed = set.members.find((m) => results.has(m) && !isSuccess(results.get(m)!.status))!;
      const why = results.get(failed)!;
      for (const member of set.members) {
        const own = results.get(member);
        if (!own) continue;
        setRefusals.set(member, isSuccess(own.status) ? setRefusal(member, set, failed, why) : { ...own, message: `${own.message}; nothing of fix set ${set.id} is written` });
      }
    }
    if (broken.length === 0) {
      for (const [member, result] of setRefusals) results.set(member, result);
      for (const [member, result] of results) results.set(member, { ...result, fixSet: setOf.get(member)?.id ?? null });
      return { results, planned };
    }
  }
}

/** A member that would apply, refused because another member of its set does not. */
function setRefusal(member: Suggestion, set: ApplySet, failed: Suggestion, why: SuggestionResult): SuggestionResult {
  const where = `${failed.path}:${linesLabel(failed.startLine, failed.endLine)}`;
  return {
    ...why,
    id: member.id,
    path: member.path,
    startLine: member.startLine,
    endLine: member.endLine,
    status: 'refused',
    reason: 'fix-set',
    message: `fix set ${set.id} is applied whole or not at all, and its member ${failed.id} (${where}) is ${why.status}: ${why.message}; nothing of the set is written`,
    at: null,
    movedBy: null,
    conflictsWith: null,
    written: false,
  };
}

async function planOnce({ root, realRoot, selected, roundOf, reviewed }: PlanInput): Promise<PlannedSuggestions> {
  const results = new Map<Suggestion, SuggestionResult>();
  const planned: PlannedFile[] = [];
  for (const [path, suggested] of groupByPath(selected)) {
    // A NUL would make the text file binary: never written, whatever the suggestion says.
    const group = suggested.filter((a) => {
      const line = nulLine(a.suggestedCode);
      if (line !== null) results.set(a, refusedResult(a, roundOf, 'binary', `${path}: the suggested code holds a NUL byte (U+0000) on line ${line}; redline apply never writes one into a text file`));
      return line === null;
    });
    if (group.length === 0) continue;
    const problem = checkRepoPath(path);
    if (problem) {
      for (const a of group) results.set(a, refusedResult(a, roundOf, problem.reason, problem.message));
      continue;
    }
    const target = await readTargetFile(root, realRoot, path);
    if (!target.ok) {
      for (const a of group) results.set(a, refusedResult(a, roundOf, target.reason, target.message));
      continue;
    }
    const plan = planApply({ text: target.text, sha256: target.sha256, suggestions: group, reviewed });
    group.forEach((a, i) => {
      const outcome = plan.outcomes[i]!;
      results.set(a, { ...baseResult(a, roundOf), ...outcome, path, written: false });
    });
    planned.push({ path, target, plan });
  }
  return { results, planned };
}

/** Export order is kept: within a file it decides conflicts. */
function groupByPath(list: readonly Suggestion[]): Map<string, Suggestion[]> {
  const groups = new Map<string, Suggestion[]>();
  for (const a of list) {
    const group = groups.get(a.path);
    if (group) group.push(a);
    else groups.set(a.path, [a]);
  }
  return groups;
}

function baseResult(a: Suggestion, roundOf: ReadonlyMap<Suggestion, number>): Omit<SuggestionResult, 'status' | 'reason' | 'message'> {
  return {
    id: a.id,
    round: roundOf.get(a) ?? null,
    fixSet: null,
    path: a.path,
    startLine: a.startLine,
    endLine: a.endLine,
    at: null,
    movedBy: null,
    conflictsWith: null,
    written: false,
  };
}

function refusedResult(a: Suggestion, roundOf: ReadonlyMap<Suggestion, number>, reason: SuggestionResult['reason'], message: string): SuggestionResult {
  return { ...baseResult(a, roundOf), status: 'refused', reason, message };
}

/** The 1-based line of the suggested code's first NUL, or null. */
function nulLine(code: string): number | null {
  const at = code.indexOf('\0');
  return at === -1 ? null : code.slice(0, at).split('\n').length;
}
