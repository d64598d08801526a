/** A stand-in for the built review page: an index.html with an inline script and the first screen's slot, and hashed assets. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from './gitRepo.js';

export const STUB_INLINE_SCRIPT = 'window.__redlineStub = true;';

export function makeStubAppDir(): string {
  const dir = makeTempDir('redline-app-');
  mkdirSync(join(dir, 'assets', 'nested'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module">${STUB_INLINE_SCRIPT}</script><script type="module" src="/assets/app-AbCd1234.js"></script></head><body><!--redline:first-screen--><div id="root">stub review page</div></body></html>`,
  );
  writeFileSync(join(dir, 'assets', 'app-AbCd1234.js'), `console.log(${JSON.stringify('x'.repeat(5000))});\n`);
  writeFileSync(join(dir, 'assets', 'style-Zz9_8765.css'), 'body { color: black; }\n'.repeat(200));
  writeFileSync(join(dir, 'assets', 'nested', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  return dir;
}
