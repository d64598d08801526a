import { describe, expect, it } from 'vitest';
import { languageForPath } from './languageForPath.js';

describe('languageForPath', () => {
  it.each([
    ['src/app.ts', 'ts'],
    ['src/App.TSX', 'tsx'],
    ['lib/index.mjs', 'js'],
    ['types.d.ts', 'ts'],
    ['tool.py', 'py'],
    ['main.go', 'go'],
    ['src/lib.rs', 'rs'],
    ['README.md', 'md'],
    ['package.json', 'json'],
    ['.github/workflows/ci.yml', 'yaml'],
    ['scripts/run.sh', 'sh'],
    ['style.css', 'css'],
    ['index.html', 'html'],
    ['Main.java', 'java'],
    ['x.c', 'c'],
    ['x.hpp', 'cpp'],
    ['app.rb', 'rb'],
    ['Dockerfile', 'dockerfile'],
    ['sub/Makefile', 'makefile'],
    ['CMakeLists.txt', 'cmake'],
    ['dir with space/fi le.ts', 'ts'],
  ])('%s → %s', (path, language) => expect(languageForPath(path)).toBe(language));

  it.each(['notes', 'LICENSE', '.vimrc', 'archive.', 'weird.ext`', 'a.b c', 'x.constructor', 'constructor', '__proto__', ''])(
    'unknown %j → empty',
    (path) => expect(languageForPath(path)).toBe(''),
  );

  it('never returns a backtick or whitespace', () => {
    const samples = ['a.ts', 'b.ps1', 'c.cs', 'd.fs', 'e.m', 'f.tf', 'g.txt', '.bashrc', '.env', 'go.mod'];
    for (const path of samples) expect(languageForPath(path)).toMatch(/^[a-z0-9+#.-]*$/);
  });
});
