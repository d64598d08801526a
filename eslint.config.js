// The linter that `npm run lint` (and so `npm test`) runs over every package:
// the core, the page (src/ and edit/), the CLI, apps/review, e2e, bench,
// scripts and these config files. ESLint's and typescript-eslint's
// recommended rules, React's rules of hooks and exhaustive dependencies, and
// no `eslint-disable` without a reason (`-- why`) nor one that disables
// nothing. `packages/core/src/lintConfig.test.ts` plants violations and
// expects this config to report them.
//
// Not type-aware: typescript-eslint's type-checked rules took 56 s and 2 GB on
// two cores (against 7 s), and `npm run typecheck` already runs the compiler.
// `no-non-null-assertion` is not in the recommended set, so tests (and, for
// now, sources) may write `!` after a lookup they have just asserted.
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Build output, test reports and installed packages: not sources.
  globalIgnores(['**/node_modules/', '**/dist/', 'test-results/', 'playwright-report/', 'coverage/', 'bench/.work/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  comments.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@eslint-community/eslint-comments/require-description': 'error',
      // `const { createdAt: _c, ...rest } = a` is how a copy leaves a key out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // Redline's text safety matches control characters on purpose (git's path quoting,
      // repoPathProblem, textSafety, the terminal's text, colour codes in bench output):
      // every control character in a regex here is meant.
      'no-control-regex': 'off',
    },
  },
  {
    // React lives only in the page: importBoundaries.test.ts keeps it out of the core and the
    // CLI, where a parameter named `use` or a function named `useX` is not a hook.
    files: ['packages/review-editor/**/*.{ts,tsx}', 'apps/review/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // No function of the page over 100 lines: a component that long mixes concerns that have
    // a home of their own (a hook, a child component, a slice).
    files: ['packages/review-editor/**/*.{ts,tsx}', 'apps/review/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 100 }] },
  },
  {
    // The scanners' one character class lists combining marks and variation selectors one
    // code point each (the `u` flag): that is the set of unsafe characters, not a misread grapheme.
    files: ['packages/core/src/safety/textSafety.ts', 'packages/core/src/safety/textSafety.test.ts'],
    rules: { 'no-misleading-character-class': 'off' },
  },
  {
    // Playwright reads a test's fixtures from its first parameter, which must be a
    // destructuring pattern: `({}, testInfo)` is how a test asks for none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Plain JavaScript runs in Node (the CLI's bin, its test support, bench, scripts). TypeScript
    // checks names in .ts files, so only these need the list of globals.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The bench's page.evaluate() callbacks run in the browser page.
    files: ['bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
