/**
 * A `redline compare` review's routes (docs/cli.md#compare-several-attempts):
 * GET /api/compare (the variants, base, overview and picks), PUT
 * /api/compare/names, PUT /api/compare/picks, PUT /api/compare/notes, POST /api/compare/apply and GET
 * /api/compare/against (one file of a variant against another's). All
 * the reviewer's: a request with the agent's credential never reaches here
 * (403, agentRoutes.ts). In any other review they answer 404. The bodies are
 * checked here, once.
 */
import type { HunkRange, VariantComment, VariantNotes, VariantPick } from '@redline/core';
import { RedlineError } from '../../errors.js';
import type { CompareBoard } from '../../compare/compareBoard.js';
import { readObject, readOneOf, readString } from '../../validation/fields.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

const MAX_PICKS = 10_000;
const MAX_NAME_CHARS = 80;

export async function getCompare({ req, res, session }: ApiContext): Promise<void> {
  sendJson(req, res, 200, boardOf(session.compare).data());
}

export async function putCompareNames({ req, res, session }: ApiContext): Promise<void> {
  const board = boardOf(session.compare);
  const names = readObject(readObject(await readJsonBody(req), 'body').names, 'names');
  const ids = new Set(board.variantIds());
  const read = new Map<string, string>();
  for (const id of Object.keys(names)) {
    if (!ids.has(id)) throw new RedlineError('bad-request', `names.${id}: no such variant (the variants are ${[...ids].join(', ')})`);
    const name = readString(names, id, 'names').trim();
    if (name === '' || name.length > MAX_NAME_CHARS || [...name].some((c) => c < ' ' || c === '\u007f')) {
      throw new RedlineError('bad-request', `names.${id}: expected a name of 1 to ${MAX_NAME_CHARS} characters, no control characters`);
    }
    read.set(id, name);
  }
  board.rename(read);
  sendJson(req, res, 200, { ok: true });
}

export async function putComparePicks({ req, res, session }: ApiContext): Promise<void> {
  const board = boardOf(session.compare);
  board.setPicks(readPicks(await readJsonBody(req), board));
  sendJson(req, res, 200, { ok: true });
}

export async function putCompareNotes({ req, res, session }: ApiContext): Promise<void> {
  const board = boardOf(session.compare);
  const body = readObject(await readJsonBody(req), 'body');
  board.setNotes(readString(body, 'variant', 'body'), readNotes(readObject(body.notes, 'notes')));
  sendJson(req, res, 200, { ok: true });
}

export async function postCompareApply({ req, res, session }: ApiContext): Promise<void> {
  const board = boardOf(session.compare);
  readObject(await readJsonBody(req), 'body');
  sendJson(req, res, 200, await board.apply());
}

export async function getCompareAgainst({ req, res, query, session }: ApiContext): Promise<void> {
  const board = boardOf(session.compare);
  const patch = await board.against(requiredParam(query, 'from'), requiredParam(query, 'to'), requiredParam(query, 'path'));
  if (patch === null) throw new RedlineError('not-found', 'from and to must name variants, and path a file of the overview');
  sendJson(req, res, 200, { patch });
}

function boardOf(board: CompareBoard | null): CompareBoard {
  if (board === null) throw new RedlineError('not-found', 'this review compares no variants (start one with redline compare A B)');
  return board;
}

/** `{ picks: VariantPick[] }`: each pick's variant one of the board's, its path a row of the overview, a hunk's ranges whole numbers. */
export function readPicks(raw: unknown, board: CompareBoard): VariantPick[] {
  const picks = readObject(raw, 'body').picks;
  if (!Array.isArray(picks) || picks.length > MAX_PICKS) throw new RedlineError('bad-request', `picks: expected a list of at most ${MAX_PICKS} picks`);
  const ids = new Set(board.variantIds());
  const keys = new Set(board.rows.map((row) => row.key));
  return picks.map((value: unknown, i): VariantPick => {
    const where = `picks[${i}]`;
    const pick = readObject(value, where);
    const kind = readOneOf(pick, 'kind', where, ['file', 'hunk'] as const);
    const path = readString(pick, 'path', where);
    const variant = readString(pick, 'variant', where);
    if (!ids.has(variant)) throw new RedlineError('bad-request', `${where}.variant: no variant ${JSON.stringify(variant)}`);
    if (!keys.has(path)) throw new RedlineError('bad-request', `${where}.path: ${JSON.stringify(path)} is no file of the overview`);
    if (kind === 'file') return { kind, path, variant };
    return { kind, path, variant, hunk: readHunk(readObject(pick.hunk, `${where}.hunk`), `${where}.hunk`) };
  });
}

const MAX_COMMENTS = 1000;
const MAX_COMMENT_CHARS = 64 * 1024;

/** `{ verdict, comments: [{ path, side, line, code, text }] }`, each field checked and named when wrong. */
function readNotes(notes: Record<string, unknown>): VariantNotes {
  const verdict = readOneOf(notes, 'verdict', 'notes', ['keep', 'discard', 'undecided'] as const);
  const comments = notes.comments;
  if (!Array.isArray(comments) || comments.length > MAX_COMMENTS) throw new RedlineError('bad-request', `notes.comments: expected a list of at most ${MAX_COMMENTS} comments`);
  return {
    verdict,
    comments: comments.map((value: unknown, i): VariantComment => {
      const where = `notes.comments[${i}]`;
      const comment = readObject(value, where);
      const line = comment.line;
      if (typeof line !== 'number' || !Number.isSafeInteger(line) || line < 1) throw new RedlineError('bad-request', `${where}.line: expected a line number, 1 or more`);
      const text = readString(comment, 'text', where);
      const code = readString(comment, 'code', where);
      if (text.trim() === '' || text.length > MAX_COMMENT_CHARS || code.length > MAX_COMMENT_CHARS) throw new RedlineError('bad-request', `${where}: expected words (1 to ${MAX_COMMENT_CHARS} characters) and the line's code`);
      return { path: readString(comment, 'path', where), side: readOneOf(comment, 'side', where, ['old', 'new'] as const), line, code, text };
    }),
  };
}

function readHunk(hunk: Record<string, unknown>, where: string): HunkRange {
  const field = (key: keyof HunkRange): number => {
    const n = hunk[key];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new RedlineError('bad-request', `${where}.${key}: expected a whole number, 0 or more`);
    return n;
  };
  return { oldStart: field('oldStart'), oldLines: field('oldLines'), newStart: field('newStart'), newLines: field('newLines') };
}
