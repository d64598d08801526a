/**
 * The file list of a unified diff given with --patch: git patches (with
 * `diff --git` headers, renames, modes, binary markers) and plain `diff -u`
 * output. Hunks are walked by their line counts, so content lines that look
 * like headers (`--- x`) are never mistaken for them.
 */
import { fileMove, gitLines, type FileFacts, type FileStatus } from '@redline/core';
import { MODE_GITLINK, MODE_SYMLINK } from '../git/fileModes.js';
import { readQuotedPath, unquoteGitPath } from './unquoteGitPath.js';

interface FileBlock {
  headerOld: string | null;
  headerNew: string | null;
  minusPath: string | null;
  plusPath: string | null;
  renameFrom: string | null;
  renameTo: string | null;
  copyFrom: string | null;
  copyTo: string | null;
  oldMode: string | null;
  newMode: string | null;
  added: boolean;
  deleted: boolean;
  binary: boolean;
  additions: number;
  deletions: number;
  git: boolean;
  /** From `similarity index 87%`: a rename's or copy's similarity. */
  similarity: number | null;
}

const HUNK_RE = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

export function parsePatchFiles(patch: string): FileFacts[] {
  const lines = gitLines(patch);
  const blocks: FileBlock[] = [];
  let block: FileBlock | null = null;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.startsWith('diff --git ')) {
      block = newBlock(true);
      blocks.push(block);
      const names = splitGitHeader(line.slice('diff --git '.length));
      block.headerOld = names?.[0] ?? null;
      block.headerNew = names?.[1] ?? null;
      i++;
      continue;
    }
    if (line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')) {
      if (!block || !block.git || block.minusPath !== null || block.plusPath !== null || block.additions + block.deletions > 0) {
        block = newBlock(false);
        blocks.push(block);
      }
      block.minusPath = headerPath(line.slice(4));
      block.plusPath = headerPath(lines[i + 1]!.slice(4));
      i += 2;
      continue;
    }
    const hunk = HUNK_RE.exec(line);
    if (hunk && block) {
      i = countHunk(lines, i + 1, Number(hunk[1] ?? 1), Number(hunk[2] ?? 1), block);
      continue;
    }
    if (block?.git) readExtendedHeader(line, block);
    i++;
  }
  return blocks.map(toFacts);
}

function newBlock(git: boolean): FileBlock {
  return {
    headerOld: null,
    headerNew: null,
    minusPath: null,
    plusPath: null,
    renameFrom: null,
    renameTo: null,
    copyFrom: null,
    copyTo: null,
    oldMode: null,
    newMode: null,
    added: false,
    deleted: false,
    binary: false,
    additions: 0,
    deletions: 0,
    git,
    similarity: null,
  };
}

/** Consumes a hunk body of `oldCount` old and `newCount` new lines; returns the index after it. */
function countHunk(lines: string[], start: number, oldCount: number, newCount: number, block: FileBlock): number {
  let i = start;
  let oldLeft = oldCount;
  let newLeft = newCount;
  while (i < lines.length && (oldLeft > 0 || newLeft > 0 || lines[i]!.startsWith('\\'))) {
    const line = lines[i]!;
    const mark = line[0];
    if (mark === '+') {
      block.additions++;
      newLeft--;
    } else if (mark === '-') {
      block.deletions++;
      oldLeft--;
    } else if (mark === ' ' || line === '') {
      oldLeft--;
      newLeft--;
    } else if (mark !== '\\') {
      break; // a malformed hunk: stop counting, let the header scan take over
    }
    i++;
  }
  return i;
}

function readExtendedHeader(line: string, block: FileBlock): void {
  const [, key = '', value = ''] = /^(old mode|new mode|deleted file mode|new file mode|rename from|rename to|copy from|copy to|index|similarity index) (.*)$/.exec(line) ?? [];
  switch (key) {
    case 'old mode':
      block.oldMode = value;
      break;
    case 'new mode':
      block.newMode = value;
      break;
    case 'deleted file mode':
      block.deleted = true;
      block.oldMode = value;
      break;
    case 'new file mode':
      block.added = true;
      block.newMode = value;
      break;
    case 'similarity index':
      block.similarity = /^(\d{1,3})%$/.test(value) ? Number(value.slice(0, -1)) : null;
      break;
    case 'rename from':
      block.renameFrom = unquoteGitPath(value);
      break;
    case 'rename to':
      block.renameTo = unquoteGitPath(value);
      break;
    case 'copy from':
      block.copyFrom = unquoteGitPath(value);
      break;
    case 'copy to':
      block.copyTo = unquoteGitPath(value);
      break;
    case 'index': {
      const mode = /^[0-9a-f]+\.\.[0-9a-f]+ (\d{6})$/.exec(value)?.[1];
      if (mode) {
        block.oldMode ??= mode;
        block.newMode ??= mode;
      }
      break;
    }
    default:
      if (line.startsWith('Binary files ') || line === 'GIT binary patch') block.binary = true;
  }
}

/** `a/x b/y` (possibly quoted) into its two names, prefixes kept. */
function splitGitHeader(rest: string): [string, string] | null {
  if (rest.startsWith('"')) {
    const first = readQuotedPath(rest, 0);
    if (!first || rest[first.end] !== ' ') return null;
    const secondText = rest.slice(first.end + 1);
    return [first.value, unquoteGitPath(secondText)];
  }
  const quotedSecond = rest.indexOf(' "');
  if (quotedSecond > 0) return [rest.slice(0, quotedSecond), unquoteGitPath(rest.slice(quotedSecond + 1))];
  // Unquoted names may contain spaces; when both sides name the same path
  // (everything but renames and copies) the line splits evenly.
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest[half] === ' ') {
    const first = rest.slice(0, half);
    const second = rest.slice(half + 1);
    if (first.slice(2) === second.slice(2)) return [first, second];
  }
  const space = rest.indexOf(' b/');
  return space > 0 ? [rest.slice(0, space), rest.slice(space + 1)] : null;
}

/** The path of a `---`/`+++` line: unquoted, without a trailing tab and timestamp. */
function headerPath(text: string): string {
  if (text.startsWith('"')) return unquoteGitPath(text.replace(/\t.*$/, ''));
  const tab = text.indexOf('\t');
  return tab >= 0 ? text.slice(0, tab) : text.trimEnd();
}

function stripPrefix(path: string | null, prefix: 'a/' | 'b/'): string | null {
  if (path === null || path === '/dev/null') return null;
  return path.startsWith(prefix) ? path.slice(2) : path;
}

function toFacts(block: FileBlock): FileFacts {
  const usesPrefixes =
    block.git || ((block.minusPath?.startsWith('a/') ?? true) && (block.plusPath?.startsWith('b/') ?? true));
  const strip = (path: string | null, prefix: 'a/' | 'b/'): string | null =>
    usesPrefixes ? stripPrefix(path, prefix) : path === '/dev/null' ? null : path;
  const oldName = block.renameFrom ?? block.copyFrom ?? strip(block.minusPath, 'a/') ?? strip(block.headerOld, 'a/');
  const newName = block.renameTo ?? block.copyTo ?? strip(block.plusPath, 'b/') ?? strip(block.headerNew, 'b/');
  const added = block.added || (block.minusPath === '/dev/null' && block.plusPath !== null);
  const deleted = block.deleted || (block.plusPath === '/dev/null' && block.minusPath !== null);
  const status: FileStatus = added
    ? 'added'
    : deleted
      ? 'deleted'
      : block.renameTo !== null
        ? 'renamed'
        : block.copyTo !== null
          ? 'copied'
          : 'modified';
  const path = (deleted ? oldName : newName) ?? oldName ?? '';
  const oldMode = added ? null : block.oldMode;
  const newMode = deleted ? null : block.newMode;
  return {
    path,
    ...fileMove(status, oldName, block.similarity),
    binary: block.binary,
    oldMode,
    newMode,
    oldBlob: null,
    newBlob: null,
    oldSize: null,
    newSize: null,
    additions: block.additions,
    deletions: block.deletions,
    symlink: oldMode === MODE_SYMLINK || newMode === MODE_SYMLINK,
    submodule: oldMode === MODE_GITLINK || newMode === MODE_GITLINK,
  };
}
