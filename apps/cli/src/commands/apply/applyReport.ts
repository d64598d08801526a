/**
 * What `redline apply` reports: one result per selected suggestion, printed as
 * one line each or as a JSON document (format "redline-apply", version 1,
 * specified in docs/apply.md).
 */
import type { ApplyStatus, LineSpan, PlanReasonCode } from './core.js';

/** Why a file (and so each of its suggestions) was refused at the edge. */
export type FileReasonCode =
  | 'path-invalid'
  | 'path-absolute'
  | 'path-traversal'
  | 'path-encoded'
  | 'path-git-dir'
  | 'path-outside-repo'
  | 'symlink-dir'
  | 'symlink'
  | 'not-regular'
  | 'not-found'
  | 'binary'
  | 'not-utf8'
  | 'too-large'
  | 'unreadable'
  | 'changed'
  | 'write-failed';

/** A fix set's member that would apply, refused because another member does not (the set is applied whole or not at all). */
export type SetReasonCode = 'fix-set';

export type ApplyReasonCode = PlanReasonCode | FileReasonCode | SetReasonCode;

export interface SuggestionResult {
  id: string;
  /** The earlier round a carried suggestion comes from (docs/feedback-format.md, section 8); null for the export's own. */
  round: number | null;
  /** The fix set it is a member of (docs/feedback-format.md, section 9); null for a suggestion on its own. */
  fixSet: string | null;
  path: string;
  /** The range the export states (1-based, inclusive; endLine = startLine - 1 for an insertion into an empty file). */
  startLine: number | null;
  endLine: number | null;
  status: ApplyStatus;
  reason: ApplyReasonCode | null;
  message: string;
  /** Where the lines are in the current file, when found. */
  at: LineSpan | null;
  movedBy: number | null;
  conflictsWith: string | null;
  /** True when this run wrote the change to disk. */
  written: boolean;
}

export interface ApplyReport {
  format: 'redline-apply';
  version: 1;
  mode: 'apply' | 'check';
  partial: boolean;
  repository: string;
  exitCode: 0 | 1;
  /** Paths written by this run (always empty with --check). */
  written: string[];
  summary: {
    selected: number;
    applied: number;
    relocated: number;
    alreadyApplied: number;
    outdated: number;
    conflict: number;
    refused: number;
  };
  /** Comments in the export: not applied, they are for the agent or person to act on. */
  comments: number;
  suggestions: SuggestionResult[];
  /** The fix sets among the selected suggestions, each one item: applied whole or refused whole. */
  fixSets: FixSetResult[];
  /** --check only: the unified diff that would be applied. */
  diff?: string;
}

export interface FixSetResult {
  id: string;
  description: string;
  round: number | null;
  /** 'applied' when every member is applied, relocated or already applied; else 'refused' (nothing of it written). */
  status: 'applied' | 'refused';
  /** The members' ids, in order. */
  members: string[];
  /** --check only: the set's own unified diff, every file of it (empty when refused). */
  diff?: string;
}

const SUCCESS: readonly ApplyStatus[] = ['applied', 'relocated', 'already-applied'];

export function isSuccess(status: ApplyStatus): boolean {
  return SUCCESS.includes(status);
}

export function summarize(results: readonly SuggestionResult[]): ApplyReport['summary'] {
  const count = (status: ApplyStatus) => results.filter((r) => r.status === status).length;
  return {
    selected: results.length,
    applied: count('applied'),
    relocated: count('relocated'),
    alreadyApplied: count('already-applied'),
    outdated: count('outdated'),
    conflict: count('conflict'),
    refused: count('refused'),
  };
}

const LABELS: Record<ApplyStatus, string> = {
  applied: 'applied',
  relocated: 'relocated',
  'already-applied': 'already applied',
  outdated: 'outdated',
  conflict: 'conflict',
  refused: 'refused',
};

/** One line per suggestion (`id  path:lines  status  why`), then a summary line. */
export function formatReportText(report: ApplyReport): string {
  return formatResultRows(report.suggestions, report.mode) + report.fixSets.map(fixSetText).join('') + summaryLine(report) + '\n';
}

/** A set as one item: its id, members and description, and under --check its whole diff. */
function fixSetText(set: FixSetResult): string {
  const round = set.round === null ? '' : ` (round ${set.round})`;
  const what = set.status === 'applied' ? 'applied whole' : 'refused whole: nothing of it is written';
  const description = set.description === '' ? '' : `: ${set.description}`;
  return `fix set ${set.id}${round}, ${set.members.length} suggestions (${set.members.join(', ')}), ${what}${description}\n${set.diff ?? ''}`;
}

/** One line per suggestion, columns aligned: `id  path:lines  status  why`. */
export function formatResultRows(results: readonly SuggestionRow[], mode: ApplyReport['mode']): string {
  const rows = results.map((r) => {
    const where = `${r.path}:${linesLabel(r.startLine, r.endLine)}${r.round === null ? '' : ` (round ${r.round})`}${r.fixSet === null ? '' : ` (set ${r.fixSet})`}`;
    let status = LABELS[r.status];
    if (isSuccess(r.status) && r.status !== 'already-applied' && !r.written) status += mode === 'check' ? ' (check)' : ' (not written)';
    const reason = r.reason ? ` [${r.reason}]` : '';
    return { id: r.id, where, status, why: `${r.message}${reason}` };
  });
  const width = (pick: (row: (typeof rows)[number]) => string) => Math.max(0, ...rows.map((row) => pick(row).length));
  const idWidth = width((row) => row.id);
  const whereWidth = width((row) => row.where);
  const statusWidth = width((row) => row.status);
  let out = '';
  for (const row of rows) {
    out += `${row.id.padEnd(idWidth)}  ${row.where.padEnd(whereWidth)}  ${row.status.padEnd(statusWidth)}  ${row.why}\n`;
  }
  return out;
}

type SuggestionRow = Pick<SuggestionResult, 'id' | 'path' | 'startLine' | 'endLine' | 'round' | 'fixSet' | 'status' | 'reason' | 'message' | 'written'>;

function summaryLine(report: ApplyReport): string {
  const s = report.summary;
  // A check says what would be applied once, in its outcome ("Check: 5 would be applied"), not also as "5 applied".
  const parts = [
    [report.mode === 'check' ? 0 : s.applied, 'applied'],
    [s.relocated, 'relocated'],
    [s.alreadyApplied, 'already applied'],
    [s.outdated, 'outdated'],
    [s.conflict, 'conflict'],
    [s.refused, 'refused'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, label]) => `${n as number} ${label as string}`);
  const counts = parts.length > 0 ? parts.join(', ') : report.mode === 'check' && s.applied > 0 ? '' : 'no suggestions';
  const failed = s.outdated + s.conflict + s.refused;
  const pending = s.applied + s.relocated;
  let outcome: string;
  if (report.mode === 'check') {
    outcome =
      failed > 0 && !report.partial
        ? 'Check: nothing would be written (all-or-nothing; --partial would write the rest)'
        : `Check: ${pending} would be applied, nothing written`;
  } else if (report.written.length > 0) {
    outcome = `Wrote ${report.written.length} file(s): ${report.written.join(', ')}`;
  } else if (failed > 0 && pending > 0 && !report.partial) {
    outcome = 'Nothing written: apply is all-or-nothing and some suggestions were refused (use --partial to write the rest)';
  } else {
    outcome = 'Nothing written';
  }
  const comments = report.comments > 0 ? `; ${report.comments} comment(s) in the export are not applied by redline apply` : '';
  return `${counts === '' ? '' : `${counts}. `}${outcome}${comments}.`;
}

/** `9`, `3-5`, `1+` (an insertion into an empty file), `?` when unknown. */
export function linesLabel(start: number | null, end: number | null): string {
  if (start === null || end === null) return '?';
  if (end < start) return `${start}+`;
  return start === end ? `${start}` : `${start}-${end}`;
}

export function formatReportJson(report: ApplyReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}
