/**
 * Drafts on disk: a draft written by a past version is still read (the
 * committed version-1 file, as redline 0.1 wrote it), and one that cannot
 * be read is kept aside under a new name and said so, never dropped.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTERRUPTED_WRITE_AGE_MS } from '../files/sweepInterruptedWrites.js';
import { DraftStore } from './draftStore.js';
import { readDraft } from './readDraft.js';

const VERSION_1 = join(__dirname, 'fixtures', 'version1Draft.json');
const FINGERPRINT = '4f2c1a9e0b7d3c5a8e6f1b2d4c7a9e0f3b5d8c1a2e4f6b9d0c3a5e7f1b2d4c6a';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'redline-drafts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const draftFile = () => join(dir, `${FINGERPRINT}.json`);

describe('DraftStore', () => {
  it('reads a committed version-1 draft, every field kept, as version 2 with no unsent composer', async () => {
    copyFileSync(VERSION_1, draftFile());
    const loaded = await new DraftStore(dir).load(FINGERPRINT);
    expect(loaded).toEqual({ kind: 'draft', draft: { ...JSON.parse(readFileSync(VERSION_1, 'utf8')), version: 2, composer: null } });
  });

  it.each([
    ['a comment', { kind: 'comment', target: { scope: 'general' }, text: 'half a thought', editingId: null }],
    ['a file comment', { kind: 'comment', target: { scope: 'file', path: 'README.md' }, text: 'x', editingId: 'c-1' }],
    ['a labelled comment', { kind: 'comment', target: { scope: 'general' }, text: 'why?', editingId: null, label: { kind: 'question', blocking: true } }],
    [
      'a suggestion',
      {
        kind: 'suggestion',
        target: { scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 3 },
        text: 'typed, not sent',
        originalCode: '  return a - b;',
        suggestedCode: '  return a + b;',
        deletion: false,
        revision: null,
        editingId: null,
      },
    ],
  ])('saves and reads back a version-2 draft with %s being written', async (_, composer) => {
    const draft = { ...JSON.parse(readFileSync(VERSION_1, 'utf8')), version: 2, composer };
    const store = new DraftStore(dir);
    await store.save(readDraft(draft));
    expect(await store.load(FINGERPRINT)).toEqual({ kind: 'draft', draft });
  });

  it.each([
    [{ kind: 'suggestion', target: { scope: 'general' }, text: '', originalCode: '', suggestedCode: '', deletion: false, revision: null, editingId: null }, /body\.composer\.target\.scope/],
    [{ kind: 'comment', target: { scope: 'line', path: 'a', side: 'new', startLine: 3, endLine: 2 }, text: '', editingId: null }, /body\.composer\.target\.endLine/],
    [undefined, /body\.composer: expected an object, got nothing/],
    [{ kind: 'comment', target: { scope: 'general' }, text: '', editingId: null, label: { kind: 'todo', blocking: false } }, /body\.composer\.label\.kind/],
    [{ kind: 'comment', target: { scope: 'general' }, text: '', editingId: null, label: { kind: 'issue' } }, /body\.composer\.label\.blocking/],
  ])('refuses a version-2 draft whose composer is wrong, naming the field (%#)', (composer, reason) => {
    expect(() => readDraft({ ...JSON.parse(readFileSync(VERSION_1, 'utf8')), version: 2, composer })).toThrow(reason);
  });

  it('saves and reads back a draft\'s labelled annotation, and refuses a malformed label naming the field', async () => {
    const base = { ...JSON.parse(readFileSync(VERSION_1, 'utf8')), version: 2, composer: null };
    const labelled = { ...base, annotations: base.annotations.map((a: object, i: number) => (i === 0 ? { ...a, label: { kind: 'nitpick', blocking: false } } : a)) };
    const store = new DraftStore(dir);
    await store.save(readDraft(labelled));
    expect(await store.load(FINGERPRINT)).toEqual({ kind: 'draft', draft: labelled });
    const bad = { ...base, annotations: base.annotations.map((a: object, i: number) => (i === 0 ? { ...a, label: { kind: 'nitpick', blocking: 'no' } } : a)) };
    expect(() => readDraft(bad)).toThrow('body.annotations[0].label.blocking: expected true or false, got "no"');
  });

  it('saves and reads back a draft\'s fix sets, and refuses one naming an unknown suggestion or a suggestion in two sets', async () => {
    const base = { ...JSON.parse(readFileSync(VERSION_1, 'utf8')), version: 2, composer: null };
    const ids = (base.annotations as { id: string; kind: string }[]).filter((a) => a.kind === 'suggestion').map((a) => a.id);
    const other = (base.annotations as { id: string; kind: string }[]).find((a) => a.kind === 'comment')!.id;
    expect(ids.length).toBeGreaterThanOrEqual(1);
    const withSet = { ...base, fixSets: [{ id: 'set1', description: 'together', members: [ids[0], 'ghost'] }] };
    expect(() => readDraft(withSet)).toThrow(/body\.fixSets: fix set set1 names ghost, which is no annotation of the review/);
    const comment = { ...base, fixSets: [{ id: 'set1', description: '', members: [ids[0], other] }] };
    expect(() => readDraft(comment)).toThrow(/is a comment, not a suggestion/);
    const suggestions = [...base.annotations, { ...base.annotations.find((a: { kind: string }) => a.kind === 'suggestion'), id: 'second', startLine: 90, endLine: 90 }];
    const good = { ...base, annotations: suggestions, fixSets: [{ id: 'set1', description: 'together', members: [ids[0], 'second'] }] };
    const store = new DraftStore(dir);
    await store.save(readDraft(good));
    expect(await store.load(FINGERPRINT)).toEqual({ kind: 'draft', draft: good });
    const twice = { ...good, fixSets: [...good.fixSets, { id: 'set2', description: '', members: ['second', ids[0]] }] };
    expect(() => readDraft(twice)).toThrow(new RegExp(`suggestion ${ids[0]} is in two fix sets: set1 and set2`));
  });

  it('no file is no draft', async () => {
    expect(await new DraftStore(dir).load(FINGERPRINT)).toEqual({ kind: 'none' });
  });

  it.each([
    ['corrupt JSON', '{"version":1,"fingerp', /^not JSON/],
    ['an unknown version', JSON.stringify({ ...JSON.parse(readFileSync(VERSION_1, 'utf8')), version: 3 }), /version 3; this redline reads version 1, 2/],
    ['a failed check', JSON.stringify({ ...JSON.parse(readFileSync(VERSION_1, 'utf8')), viewed: { a: 1 } }), /body\.viewed\["a"\]/],
  ])('%s is moved aside under a new name, byte for byte, and reported', async (_, text, reason) => {
    writeFileSync(draftFile(), text);
    const store = new DraftStore(dir);
    const loaded = await store.load(FINGERPRINT);
    if (loaded.kind !== 'unreadable') throw new Error(`expected unreadable, got ${loaded.kind}`);
    expect(loaded.reason).toMatch(reason);
    expect(loaded.keptAs).toMatch(new RegExp(`^${FINGERPRINT}\\.unreadable-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z\\.json$`));
    expect(readdirSync(dir)).toEqual([loaded.keptAs]);
    expect(readFileSync(join(dir, loaded.keptAs), 'utf8')).toBe(text);
    // The next save does not touch the kept file.
    expect(await store.load(FINGERPRINT)).toEqual({ kind: 'none' });
  });

  it('removes the temporary files of interrupted writes once they are old, and nothing else', async () => {
    const stale = join(dir, `.${FINGERPRINT}.json.0123456789ab.tmp`);
    const fresh = join(dir, `.${FINGERPRINT}.json.ba9876543210.tmp`);
    const other = join(dir, 'notes.tmp');
    for (const path of [stale, fresh, other]) writeFileSync(path, 'x'.repeat(1024));
    copyFileSync(VERSION_1, draftFile());
    const old = new Date(Date.now() - INTERRUPTED_WRITE_AGE_MS - 1_000);
    utimesSync(stale, old, old);
    utimesSync(other, old, old);
    expect(await new DraftStore(dir).sweepInterruptedWrites()).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([`.${FINGERPRINT}.json.ba9876543210.tmp`, `${FINGERPRINT}.json`, 'notes.tmp'].sort());
    expect(await new DraftStore(join(dir, 'missing')).sweepInterruptedWrites()).toBe(0);
  });
});
