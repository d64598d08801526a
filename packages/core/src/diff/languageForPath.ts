/**
 * The fence info string for a file: the language name most markdown
 * highlighters (GitHub, CommonMark renderers, Shiki) recognise. Only a hint
 * for readers; nothing parses it back.
 */

/** Whole file names that say more than their extension (matched case-insensitively). */
const BY_NAME = new Map<string, string>(Object.entries({
  dockerfile: 'dockerfile',
  containerfile: 'dockerfile',
  makefile: 'makefile',
  gnumakefile: 'makefile',
  'cmakelists.txt': 'cmake',
  gemfile: 'ruby',
  rakefile: 'ruby',
  podfile: 'ruby',
  vagrantfile: 'ruby',
  jenkinsfile: 'groovy',
  'build.gradle': 'groovy',
  '.bashrc': 'sh',
  '.bash_profile': 'sh',
  '.profile': 'sh',
  '.zshrc': 'sh',
  '.gitignore': 'gitignore',
  '.dockerignore': 'gitignore',
  '.gitattributes': 'gitattributes',
  '.editorconfig': 'ini',
  '.npmrc': 'ini',
  '.env': 'sh',
  'go.mod': 'go',
  'go.sum': 'text',
  'cargo.lock': 'toml',
  'package-lock.json': 'json',
}));

/** Extensions, lower case, without the dot. */
const BY_EXTENSION = new Map<string, string>(Object.entries({
  ts: 'ts',
  mts: 'ts',
  cts: 'ts',
  tsx: 'tsx',
  js: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'jsx',
  json: 'json',
  jsonc: 'jsonc',
  json5: 'json5',
  py: 'py',
  pyi: 'py',
  go: 'go',
  rs: 'rs',
  md: 'md',
  markdown: 'md',
  mdx: 'mdx',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  ini: 'ini',
  cfg: 'ini',
  sh: 'sh',
  bash: 'bash',
  zsh: 'zsh',
  fish: 'fish',
  ps1: 'powershell',
  bat: 'bat',
  cmd: 'bat',
  css: 'css',
  scss: 'scss',
  sass: 'sass',
  less: 'less',
  html: 'html',
  htm: 'html',
  xml: 'xml',
  svg: 'xml',
  vue: 'vue',
  svelte: 'svelte',
  astro: 'astro',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  scala: 'scala',
  groovy: 'groovy',
  gradle: 'groovy',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  m: 'objc',
  mm: 'objc',
  cs: 'csharp',
  fs: 'fsharp',
  swift: 'swift',
  rb: 'rb',
  php: 'php',
  pl: 'perl',
  pm: 'perl',
  lua: 'lua',
  r: 'r',
  jl: 'julia',
  dart: 'dart',
  ex: 'elixir',
  exs: 'elixir',
  erl: 'erlang',
  hs: 'haskell',
  ml: 'ocaml',
  mli: 'ocaml',
  clj: 'clojure',
  elm: 'elm',
  zig: 'zig',
  nim: 'nim',
  sql: 'sql',
  graphql: 'graphql',
  gql: 'graphql',
  proto: 'proto',
  tf: 'hcl',
  hcl: 'hcl',
  nix: 'nix',
  dockerfile: 'dockerfile',
  diff: 'diff',
  patch: 'diff',
  tex: 'latex',
  txt: 'text',
  csv: 'csv',
}));

/** Accepts only what is safe on a fence line: no backtick, no whitespace, nothing unusual. */
const SAFE_INFO_RE = /^[a-z0-9+#.-]*$/;

/** `src/app.ts` → `ts`, `Dockerfile` → `dockerfile`, `notes` → `''` (unknown). */
export function languageForPath(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const language = BY_NAME.get(name) ?? extensionLanguage(name) ?? '';
  return SAFE_INFO_RE.test(language) ? language : '';
}

function extensionLanguage(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  // A name whose only dot is the first character (`.vimrc`) is a hidden file, not an extension.
  if (dot <= 0 || dot === name.length - 1) return undefined;
  return BY_EXTENSION.get(name.slice(dot + 1));
}
