/**
 * The linter is live (eslint.config.js, run by `npm run lint` in `npm test`):
 * the repository's own config, through ESLint's Node API, reports a planted
 * violation of each kind it promises to catch: a hook in a condition, an
 * effect missing a dependency, an `eslint-disable` without a reason, one that
 * disables nothing, a page function over 100 lines, an `any`. The same code written correctly lints clean, so
 * the errors come from the rules and not from a broken setup.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The rules that report an error (severity 2: the config promises errors) on `code`, linted as if it were the repository file `path`. */
async function rulesReported(code: string, path: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: ROOT + path });
  return result!.messages.filter((message) => message.severity === 2).map((message) => message.ruleId);
}

const PAGE_FILE = 'packages/review-editor/src/planted.tsx';

// Loading ESLint and its plugins takes a few seconds on its own, more beside the rest of the suite.
describe('the lint config catches what it promises', { timeout: 60_000 }, () => {
  it('the rules of hooks: a hook called in a condition is an error in the page', async () => {
    const planted = "import { useState } from 'react';\nexport function Planted({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await rulesReported(planted, PAGE_FILE)).toEqual(['react-hooks/rules-of-hooks']);
    const fixed = "import { useState } from 'react';\nexport function Planted({ on }: { on: boolean }) {\n  const [count] = useState(0);\n  return on ? count : null;\n}\n";
    expect(await rulesReported(fixed, PAGE_FILE)).toEqual([]);
  });

  it('exhaustive dependencies: an effect that reads a prop it does not list is an error', async () => {
    const effect = (deps: string) => `import { useEffect } from 'react';\nexport function Planted({ title }: { title: string }) {\n  useEffect(() => {\n    document.title = title;\n  }, [${deps}]);\n  return null;\n}\n`;
    expect(await rulesReported(effect(''), PAGE_FILE)).toEqual(['react-hooks/exhaustive-deps']);
    expect(await rulesReported(effect('title'), PAGE_FILE)).toEqual([]);
  });

  it('an eslint-disable needs a reason after `--`, and must disable something', async () => {
    const path = 'apps/cli/src/planted.ts';
    expect(await rulesReported('// eslint-disable-next-line no-debugger\ndebugger;\n', path)).toEqual(['@eslint-community/eslint-comments/require-description']);
    expect(await rulesReported('// eslint-disable-next-line no-debugger -- planted\ndebugger;\n', path)).toEqual([]);
    // A disable with nothing to disable is reported (ESLint's own check; its message has no rule id).
    expect(await rulesReported('// eslint-disable-next-line no-debugger -- planted\nexport const x = 1;\n', path)).toEqual([null]);
  });

  it('no function of the page over 100 lines', async () => {
    const component = (lines: number) => `export function Planted() {\n${'  void 0;\n'.repeat(lines - 3)}  return null;\n}\n`;
    expect(await rulesReported(component(101), PAGE_FILE)).toEqual(['max-lines-per-function']);
    expect(await rulesReported(component(100), PAGE_FILE)).toEqual([]);
  });

  it('the typescript-eslint recommended rules run on every package', async () => {
    for (const path of ['packages/core/src/planted.ts', 'e2e/planted.spec.ts', 'packages/review-editor/edit/planted.ts']) {
      expect(await rulesReported('export const x: any = 1;\n', path)).toEqual(['@typescript-eslint/no-explicit-any']);
    }
    expect(await rulesReported('const unused = 1;\n', 'scripts/planted.mjs')).toEqual(['@typescript-eslint/no-unused-vars']);
  });
});
