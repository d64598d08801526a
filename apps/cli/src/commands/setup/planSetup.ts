/**
 * What `redline setup` would write, decided before anything is written: each
 * file is created, updated, already up to date, kept (it differs and
 * replacing was not asked for) or refused (it cannot be read or written), so
 * a refusal anywhere writes nothing anywhere.
 */
import { constants } from 'node:fs';
import { access, lstat, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { agentPlaces, type AgentName, type Scope } from './agentFiles.js';
import { mergeMcpEntry } from './mergeMcpEntry.js';

export type FileStep =
  | { kind: 'create'; path: string; text: string; mode: number }
  | { kind: 'update'; path: string; text: string; mode: number; backup: string | null }
  | { kind: 'same'; path: string }
  | { kind: 'kept'; path: string; why: string }
  | { kind: 'refused'; path: string; why: string };

export interface SetupRequest {
  agent: AgentName;
  scope: Scope;
  mcp: boolean;
  force: boolean;
  integrations: string;
}

/** The user's copy, when replaced, is kept beside it under this suffix. */
export const BACKUP_SUFFIX = '.before-redline';

export async function planSetup(request: SetupRequest): Promise<FileStep[]> {
  const places = agentPlaces(request.agent, request.scope);
  const steps = [await planInstructions(places.instructions.target, await shipped(request, places.instructions.source), request.force)];
  if (request.mcp) steps.push(await planMcp(places.mcp.target, places.mcp.format, await shipped(request, places.mcp.source), request.force));
  return Promise.all(steps.map(checkWritable));
}

const shipped = (request: SetupRequest, source: string) => readFile(join(request.integrations, source), 'utf8');

type Existing = { kind: 'none' } | { kind: 'file'; text: string; mode: number } | { kind: 'other'; why: string };

async function readExisting(path: string): Promise<Existing> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => error);
  // ENOTDIR: a file where a folder above it should be; checkWritable names that one.
  if (info instanceof Error) return (info as NodeJS.ErrnoException).code === 'ENOENT' || (info as NodeJS.ErrnoException).code === 'ENOTDIR' ? { kind: 'none' } : { kind: 'other', why: `cannot be read (${(info as NodeJS.ErrnoException).code ?? info.message})` };
  if (info.isSymbolicLink()) return { kind: 'other', why: 'is a symbolic link: not replaced (install into the file it points to by hand)' };
  if (!info.isFile()) return { kind: 'other', why: 'is not a regular file' };
  return { kind: 'file', text: await readFile(path, 'utf8'), mode: info.mode & 0o777 };
}

async function planInstructions(path: string, text: string, force: boolean): Promise<FileStep> {
  const existing = await readExisting(path);
  if (existing.kind === 'none') return { kind: 'create', path, text, mode: 0o644 };
  if (existing.kind === 'other') return { kind: 'refused', path, why: existing.why };
  if (existing.text === text) return { kind: 'same', path };
  if (!force) return { kind: 'kept', path, why: 'differs from Redline\'s (your changes, or an older Redline\'s); --force replaces it' };
  return { kind: 'update', path, text, mode: existing.mode, backup: `${path}${BACKUP_SUFFIX}` };
}

async function planMcp(path: string, format: Parameters<typeof mergeMcpEntry>[0], shippedText: string, force: boolean): Promise<FileStep> {
  const existing = await readExisting(path);
  if (existing.kind === 'other') return { kind: 'refused', path, why: existing.why };
  const merged = mergeMcpEntry(format, existing.kind === 'file' ? existing.text : null, shippedText);
  switch (merged.kind) {
    case 'same':
      return { kind: 'same', path };
    case 'unreadable':
      return { kind: 'refused', path, why: `${merged.reason}: add the entry by hand` };
    case 'by-hand':
      return { kind: 'kept', path, why: merged.reason };
    case 'differs':
      if (!force) return { kind: 'kept', path, why: 'has an MCP entry named "redline" of its own; --force replaces it' };
      return { kind: 'update', path, text: merged.text, mode: existing.kind === 'file' ? existing.mode : 0o600, backup: `${path}${BACKUP_SUFFIX}` };
    case 'write':
      return existing.kind === 'file' ? { kind: 'update', path, text: merged.text, mode: existing.mode, backup: null } : { kind: 'create', path, text: merged.text, mode: 0o600 };
  }
}

/** A step that would write is refused when its file, or the nearest folder that exists above it, cannot be written. */
async function checkWritable(step: FileStep): Promise<FileStep> {
  if (step.kind !== 'create' && step.kind !== 'update') return step;
  let target = step.kind === 'update' ? step.path : dirname(step.path);
  while (step.kind === 'create' && !(await exists(target)) && dirname(target) !== target) target = dirname(target);
  if (step.kind === 'create' && !(await lstat(target)).isDirectory()) return { kind: 'refused', path: step.path, why: `cannot be made: ${target} is not a folder` };
  try {
    await access(target, constants.W_OK);
    if (step.kind === 'update') await access(dirname(step.path), constants.W_OK);
    return step;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EACCES';
    return { kind: 'refused', path: step.path, why: `cannot write ${step.kind === 'update' ? 'it' : target} (${code})` };
  }
}

const exists = (path: string) => access(path).then(() => true, () => false);
