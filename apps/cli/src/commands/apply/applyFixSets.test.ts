/**
 * `redline apply` and fix sets (docs/feedback-format.md, section 9), through
 * the real `redline` process on a real temporary git repository: a set over
 * two files applied whole; a set whose member no longer matches refused whole,
 * naming the set and the member, with no byte of either file written (also
 * under --partial, which still writes the rest); `--only` with a set's id and
 * refusing a member's; `--check` printing the set's whole diff as one item.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeFixSet, renderFeedbackJson, renderFeedbackMarkdown, type FeedbackReview, type Suggestion } from '@redline/core';
import { buildCli, CLI_BIN } from '../../../testSupport/buildCli.js';
import { makeReview, makeSuggestion, makeTempRepo, type TempRepo } from '../../../testSupport/apply/applyTestKit.js';

const PRICE = 'export function total(items) {\n  return items.reduce((a, b) => a + b, 0);\n}\n';
const CART = 'import { total } from "./price";\n\nexport const sum = total(cart);\n\nexport const n = 1;\n';

const def = makeSuggestion({ path: 'src/price.ts', startLine: 1, endLine: 1, originalCode: 'export function total(items) {', suggestedCode: 'export function totalCents(items) {', madeOn: PRICE }) as Suggestion;
const imp = makeSuggestion({ path: 'src/cart.ts', startLine: 1, endLine: 1, originalCode: 'import { total } from "./price";', suggestedCode: 'import { totalCents } from "./price";', madeOn: CART }) as Suggestion;
const call = makeSuggestion({ path: 'src/cart.ts', startLine: 3, endLine: 3, originalCode: 'export const sum = total(cart);', suggestedCode: 'export const sum = totalCents(cart);', madeOn: CART }) as Suggestion;
const plain = makeSuggestion({ path: 'src/cart.ts', startLine: 5, endLine: 5, originalCode: 'export const n = 1;', suggestedCode: 'export const n = 2;', madeOn: CART }) as Suggestion;
const set = makeFixSet([def, imp, call], 'Rename total to totalCents, at its definition and its caller');
const review: FeedbackReview = { ...makeReview([def, imp, call, plain]), fixSets: [set] };

let repo: TempRepo;
beforeAll(() => {
  expect(buildCli()).toBe(true);
  repo = makeTempRepo();
}, 120_000);
afterAll(() => repo.remove());
beforeEach(() => {
  repo.write('src/price.ts', PRICE);
  repo.write('src/cart.ts', CART);
});

function apply(args: string[], exported: string) {
  const run = spawnSync(process.execPath, [CLI_BIN, 'apply', ...args, '-'], { cwd: repo.root, input: exported, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('redline apply: fix sets', () => {
  for (const [form, text] of [['markdown', renderFeedbackMarkdown(review)], ['JSON', renderFeedbackJson(review)]] as const) {
    it(`applies a set over two files whole, and says so as one item (${form})`, () => {
      const run = apply([], text);
      expect(run.code).toBe(0);
      expect(repo.read('src/price.ts').toString()).toBe(PRICE.replace('function total(', 'function totalCents('));
      expect(repo.read('src/cart.ts').toString()).toBe('import { totalCents } from "./price";\n\nexport const sum = totalCents(cart);\n\nexport const n = 2;\n');
      expect(run.stdout).toContain(`fix set ${set.id}, 3 suggestions (${def.id}, ${imp.id}, ${call.id}), applied whole: Rename total to totalCents`);
      expect(run.stdout).toMatch(new RegExp(`${imp.id} +src/cart\\.ts:1 \\(set ${set.id}\\) +applied`));
    });
  }

  it('refuses the whole set when one member no longer matches, naming the set and the member, and writes no byte', () => {
    const changedCart = CART.replace('sum = total(cart)', 'sum = total(cart) + 0');
    repo.write('src/cart.ts', changedCart);
    const before = { price: repo.read('src/price.ts'), cart: repo.read('src/cart.ts') };
    const run = apply(['--json'], renderFeedbackMarkdown(review));
    expect(run.code).toBe(1);
    expect(repo.read('src/price.ts').equals(before.price)).toBe(true);
    expect(repo.read('src/cart.ts').equals(before.cart)).toBe(true);
    const report = JSON.parse(run.stdout) as { written: string[]; suggestions: { id: string; fixSet: string | null; status: string; reason: string | null; message: string }[]; fixSets: { id: string; status: string }[] };
    expect(report.written).toEqual([]);
    expect(report.fixSets).toEqual([{ id: set.id, description: set.description, round: null, status: 'refused', members: [def.id, imp.id, call.id] }]);
    const byId = new Map(report.suggestions.map((s) => [s.id, s]));
    expect(byId.get(call.id)).toMatchObject({ fixSet: set.id, status: 'outdated' });
    expect(byId.get(call.id)!.message).toMatch(new RegExp(`; nothing of fix set ${set.id} is written$`));
    for (const member of [def, imp]) {
      expect(byId.get(member.id)).toMatchObject({ fixSet: set.id, status: 'refused', reason: 'fix-set' });
      expect(byId.get(member.id)!.message).toContain(`fix set ${set.id} is applied whole or not at all, and its member ${call.id} (src/cart.ts:3) is outdated`);
    }
  });

  it('with --partial writes the rest but nothing of a refused set, even in a file the set shares', () => {
    repo.write('src/price.ts', PRICE.replace('function total(', 'function sum('));
    const before = repo.read('src/price.ts');
    const run = apply(['--partial'], renderFeedbackJson(review));
    expect(run.code).toBe(1);
    expect(repo.read('src/price.ts').equals(before)).toBe(true);
    // Only the plain suggestion went in: the set's two members in this file did not.
    expect(repo.read('src/cart.ts').toString()).toBe(CART.replace('n = 1', 'n = 2'));
    expect(run.stdout).toContain(`fix set ${set.id}, 3 suggestions (${def.id}, ${imp.id}, ${call.id}), refused whole: nothing of it is written`);
  });

  it('a member in conflict with a suggestion before it refuses the set; the other suggestion is kept, and --partial writes it alone', () => {
    const clash = makeSuggestion({ path: 'src/cart.ts', startLine: 2, endLine: 3, originalCode: '\nexport const sum = total(cart);', suggestedCode: '\nexport const sum = total(cart) * 100;', madeOn: CART }) as Suggestion;
    const withClash: FeedbackReview = { ...makeReview([def, imp, call, clash]), fixSets: [set] };
    const strict = apply(['--json'], renderFeedbackJson(withClash));
    expect(strict.code).toBe(1);
    expect(repo.read('src/cart.ts').toString()).toBe(CART);
    const report = JSON.parse(strict.stdout) as { suggestions: { id: string; status: string; reason: string | null }[] };
    expect(new Map(report.suggestions.map((r) => [r.id, [r.status, r.reason]]))).toEqual(new Map([
      [def.id, ['refused', 'fix-set']],
      [imp.id, ['refused', 'fix-set']],
      [clash.id, ['applied', null]],
      [call.id, ['conflict', 'overlap']],
    ]));
    const partial = apply(['--partial'], renderFeedbackJson(withClash));
    expect(partial.code).toBe(1);
    expect(repo.read('src/price.ts').toString()).toBe(PRICE);
    expect(repo.read('src/cart.ts').toString()).toBe(CART.replace('total(cart);', 'total(cart) * 100;'));
  });

  it('--only takes a set id (all its members) and refuses a member id alone', () => {
    const text = renderFeedbackMarkdown(review);
    const only = apply(['--only', set.id], text);
    expect(only.code).toBe(0);
    expect(repo.read('src/cart.ts').toString()).toBe('import { totalCents } from "./price";\n\nexport const sum = totalCents(cart);\n\nexport const n = 1;\n');
    repo.write('src/cart.ts', CART);
    repo.write('src/price.ts', PRICE);
    const member = apply(['--only', `${plain.id},${imp.id}`], text);
    expect(member.code).toBe(2);
    expect(member.stderr).toContain(`--only names ${imp.id}, which is part of set ${set.id}: use the set's id (--only ${set.id})`);
    expect(repo.read('src/cart.ts').toString()).toBe(CART);
  });

  it('--check prints the set\'s whole diff as one item, and writes nothing', () => {
    const run = apply(['--check', '--only', set.id], renderFeedbackMarkdown(review));
    expect(run.code).toBe(0);
    expect(repo.read('src/cart.ts').toString()).toBe(CART);
    const item = run.stderr.slice(run.stderr.indexOf(`fix set ${set.id}`));
    expect(item.split('\n')[0]).toBe(`fix set ${set.id}, 3 suggestions (${def.id}, ${imp.id}, ${call.id}), applied whole: ${set.description}`);
    // Both files' hunks, under the one item, before the summary line.
    expect(item).toMatch(/^--- a\/src\/cart\.ts$[\s\S]*^\+import \{ totalCents \}[\s\S]*^\+export const sum = totalCents\(cart\);[\s\S]*^--- a\/src\/price\.ts$[\s\S]*^\+export function totalCents\(items\) \{$[\s\S]*^Check: /m);
    expect(run.stdout).toContain('+export function totalCents(items) {');
  });
});
