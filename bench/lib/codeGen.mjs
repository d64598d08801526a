/**
 * Plausible source text for the generated benchmark repositories, per
 * language, and the edits an agent would make to it. The point is not
 * compilable code but realistic diff shape: indentation, brackets, keywords
 * the highlighters tokenize, identifiers that repeat, and changes that are a
 * mix of in-place rewrites, inserted blocks and deletions.
 */

const WORDS = [
  'account', 'buffer', 'cache', 'config', 'cursor', 'delta', 'entry', 'event', 'field', 'filter',
  'handler', 'header', 'index', 'item', 'key', 'layout', 'limit', 'line', 'list', 'marker',
  'node', 'offset', 'option', 'order', 'owner', 'page', 'parser', 'path', 'patch', 'range',
  'record', 'request', 'result', 'review', 'row', 'scope', 'session', 'source', 'state', 'stream',
  'target', 'task', 'token', 'tree', 'update', 'user', 'value', 'view', 'window', 'worker',
];
const VERBS = ['apply', 'build', 'check', 'collect', 'compute', 'create', 'decode', 'emit', 'find', 'flush',
  'format', 'load', 'merge', 'normalize', 'parse', 'read', 'render', 'resolve', 'scan', 'write'];
const TYPES_TS = ['number', 'string', 'boolean', 'Uint8Array', 'Map<string, number>', 'readonly string[]'];
const TYPES_RS = ['u32', 'usize', 'i64', '&str', 'String', 'Vec<u8>', 'Option<u32>'];
const TYPES_GO = ['int', 'string', 'bool', '[]byte', 'map[string]int', 'error'];

export const LANGUAGES = ['ts', 'js', 'py', 'go', 'rs', 'md', 'json', 'css'];

function camel(rng) {
  const a = rng.pick(VERBS);
  const b = rng.pick(WORDS);
  return a + b[0].toUpperCase() + b.slice(1);
}
function pascal(rng) {
  const name = camel(rng);
  return name[0].toUpperCase() + name.slice(1);
}
function snake(rng) {
  return `${rng.pick(VERBS)}_${rng.pick(WORDS)}`;
}
function sentence(rng, words) {
  const out = [];
  for (let i = 0; i < words; i++) out.push(rng.pick(i % 3 === 2 ? VERBS : WORDS));
  const text = out.join(' ');
  return text[0].toUpperCase() + text.slice(1) + '.';
}
function literal(rng) {
  return rng.chance(0.5) ? String(rng.int(0, 4096)) : `'${rng.pick(WORDS)}-${rng.int(1, 99)}'`;
}

/** One block (a function, a section, a rule...) of the language, as lines. */
const BLOCKS = {
  ts(rng) {
    const name = camel(rng);
    const arg = rng.pick(WORDS);
    const lines = [`export function ${name}(${arg}: ${rng.pick(TYPES_TS)}, ${rng.pick(WORDS)}Limit = ${rng.int(1, 512)}): ${rng.pick(TYPES_TS)} {`];
    const body = rng.int(2, 9);
    for (let i = 0; i < body; i++) lines.push(STATEMENTS.ts(rng, arg));
    lines.push(`  return ${arg};`, '}', '');
    return lines;
  },
  js(rng) {
    const name = camel(rng);
    const arg = rng.pick(WORDS);
    const lines = rng.chance(0.3)
      ? [`export const ${name} = async (${arg}, options = {}) => {`]
      : [`export function ${name}(${arg}, options = {}) {`];
    const body = rng.int(2, 9);
    for (let i = 0; i < body; i++) lines.push(STATEMENTS.js(rng, arg));
    lines.push(`  return ${arg};`, lines[0].includes('=>') ? '};' : '}', '');
    return lines;
  },
  py(rng) {
    const arg = rng.pick(WORDS);
    const lines = rng.chance(0.2)
      ? [`class ${pascal(rng)}:`, `    """${sentence(rng, 6)}"""`, '', `    def ${snake(rng)}(self, ${arg}, limit=${rng.int(1, 99)}):`]
      : [`def ${snake(rng)}(${arg}, limit=${rng.int(1, 99)}):`, `    """${sentence(rng, 7)}"""`];
    const indent = lines[0].startsWith('class') ? '        ' : '    ';
    const body = rng.int(2, 8);
    for (let i = 0; i < body; i++) lines.push(indent + STATEMENTS.py(rng, arg));
    lines.push(`${indent}return ${arg}`, '', '');
    return lines;
  },
  go(rng) {
    const arg = rng.pick(WORDS);
    const lines = [`func ${pascal(rng)}(${arg} ${rng.pick(TYPES_GO)}, limit int) (${rng.pick(TYPES_GO)}, error) {`];
    const body = rng.int(2, 8);
    for (let i = 0; i < body; i++) lines.push(STATEMENTS.go(rng, arg));
    lines.push(`\treturn ${arg}, nil`, '}', '');
    return lines;
  },
  rs(rng) {
    const arg = rng.pick(WORDS);
    const lines = [`pub fn ${snake(rng)}(${arg}: ${rng.pick(TYPES_RS)}, limit: usize) -> Result<${rng.pick(TYPES_RS)}, Error> {`];
    const body = rng.int(2, 8);
    for (let i = 0; i < body; i++) lines.push(STATEMENTS.rs(rng, arg));
    lines.push(`    Ok(${arg})`, '}', '');
    return lines;
  },
  md(rng) {
    const lines = [`## ${sentence(rng, 3).slice(0, -1)}`, ''];
    const paragraphs = rng.int(1, 3);
    for (let p = 0; p < paragraphs; p++) {
      lines.push(sentence(rng, rng.int(8, 20)));
      if (rng.chance(0.4)) for (let i = 0; i < rng.int(2, 4); i++) lines.push(`- ${sentence(rng, rng.int(3, 8))}`);
      lines.push('');
    }
    return lines;
  },
  json(rng) {
    const key = `${rng.pick(WORDS)}_${rng.int(0, 9999)}`;
    return [
      `  "${key}": {`,
      `    "enabled": ${rng.chance(0.5)},`,
      `    "limit": ${rng.int(0, 10000)},`,
      `    "label": "${sentence(rng, 3)}",`,
      `    "tags": ["${rng.pick(WORDS)}", "${rng.pick(WORDS)}"]`,
      '  },',
    ];
  },
  css(rng) {
    const lines = [`.${rng.pick(WORDS)}-${rng.pick(WORDS)}${rng.chance(0.3) ? ':hover' : ''} {`];
    for (let i = 0; i < rng.int(2, 6); i++) lines.push(STATEMENTS.css(rng));
    lines.push('}', '');
    return lines;
  },
};

/** One statement line of a block body; also what edits replace lines with. */
const STATEMENTS = {
  ts(rng, arg = rng.pick(WORDS)) {
    return rng.pick([
      () => `  const ${rng.pick(WORDS)}${rng.int(0, 9)} = ${arg}.${camel(rng)}(${literal(rng)});`,
      () => `  if (${rng.pick(WORDS)}.length > ${rng.int(0, 64)}) throw new Error(\`${rng.pick(VERBS)} failed: \${${arg}}\`);`,
      () => `  // ${sentence(rng, rng.int(4, 10))}`,
      () => `  for (const ${rng.pick(WORDS)} of ${arg}.${rng.pick(WORDS)}s) ${camel(rng)}(${rng.pick(WORDS)});`,
      () => `  ${arg} = ${camel(rng)}(${arg}, { ${rng.pick(WORDS)}: ${literal(rng)} });`,
    ])();
  },
  js(rng, arg = rng.pick(WORDS)) {
    return rng.pick([
      () => `  const ${rng.pick(WORDS)}${rng.int(0, 9)} = await ${arg}.${camel(rng)}(${literal(rng)});`,
      () => `  if (!${rng.pick(WORDS)}) return null; // ${sentence(rng, 4)}`,
      () => `  options.${rng.pick(WORDS)} ??= ${literal(rng)};`,
      () => `  ${arg}.${rng.pick(WORDS)}s.push({ ${rng.pick(WORDS)}: ${literal(rng)}, at: Date.now() });`,
    ])();
  },
  py(rng, arg = rng.pick(WORDS)) {
    return rng.pick([
      () => `${rng.pick(WORDS)}_${rng.int(0, 9)} = ${arg}.${snake(rng)}(${literal(rng)})`,
      () => `if len(${rng.pick(WORDS)}) > ${rng.int(0, 64)}: raise ValueError(f"${rng.pick(VERBS)} failed: {${arg}}")`,
      () => `# ${sentence(rng, rng.int(4, 10))}`,
      () => `${arg} = [${rng.pick(WORDS)} for ${rng.pick(WORDS)} in ${arg} if ${rng.pick(WORDS)}]`,
    ])();
  },
  go(rng, arg = rng.pick(WORDS)) {
    return rng.pick([
      () => `\t${rng.pick(WORDS)}${rng.int(0, 9)} := ${arg}.${pascal(rng)}(${rng.int(0, 999)})`,
      () => `\tif err := ${camel(rng)}(${arg}); err != nil {\n\t\treturn ${arg}, fmt.Errorf("${rng.pick(VERBS)}: %w", err)\n\t}`,
      () => `\t// ${sentence(rng, rng.int(4, 10))}`,
      () => `\tfor _, ${rng.pick(WORDS)} := range ${arg}.${pascal(rng)}s {\n\t\tlimit--\n\t}`,
    ])();
  },
  rs(rng, arg = rng.pick(WORDS)) {
    return rng.pick([
      () => `    let ${rng.pick(WORDS)}_${rng.int(0, 9)} = ${arg}.${snake(rng)}(${rng.int(0, 999)})?;`,
      () => `    if limit > ${rng.int(0, 64)} { return Err(Error::${pascal(rng)}); }`,
      () => `    // ${sentence(rng, rng.int(4, 10))}`,
      () => `    let ${rng.pick(WORDS)}: Vec<_> = ${arg}.iter().map(|x| x + ${rng.int(1, 9)}).collect();`,
    ])();
  },
  md(rng) {
    return rng.chance(0.3) ? `- ${sentence(rng, rng.int(3, 8))}` : sentence(rng, rng.int(6, 18));
  },
  json(rng) {
    return `    "${rng.pick(WORDS)}": ${rng.chance(0.5) ? rng.int(0, 10000) : `"${rng.pick(WORDS)}"`},`;
  },
  css(rng) {
    return rng.pick([
      () => `  color: #${rng.hex(6)};`,
      () => `  margin: ${rng.int(0, 32)}px ${rng.int(0, 32)}px;`,
      () => `  padding: ${rng.int(0, 24)}px;`,
      () => `  display: ${rng.pick(['flex', 'grid', 'block', 'inline-flex'])};`,
      () => `  border: 1px solid rgba(${rng.int(0, 255)}, ${rng.int(0, 255)}, ${rng.int(0, 255)}, 0.${rng.int(1, 9)});`,
    ])();
  },
};

const HEADERS = {
  ts: (rng) => [`import { ${camel(rng)} } from './${rng.pick(WORDS)}.js';`, `import type { ${pascal(rng)} } from '../${rng.pick(WORDS)}/types.js';`, ''],
  js: (rng) => [`import { ${camel(rng)} } from './${rng.pick(WORDS)}.js';`, ''],
  py: (rng) => [`"""${sentence(rng, 6)}"""`, 'from __future__ import annotations', '', `import ${rng.pick(WORDS)}`, '', ''],
  go: (rng) => [`package ${rng.pick(WORDS)}`, '', 'import (', '\t"fmt"', '\t"strings"', ')', ''],
  rs: (rng) => [`use crate::${rng.pick(WORDS)}::${pascal(rng)};`, 'use crate::error::Error;', ''],
  md: (rng) => [`# ${sentence(rng, 3).slice(0, -1)}`, ''],
  json: () => ['{'],
  css: (rng) => [`/* ${sentence(rng, 5)} */`, ''],
};
const FOOTERS = { json: () => ['  "end": true', '}'] };

/** Source text of `lineCount` lines (close to it: multi-line statements are not split) in `lang`. */
export function generateLines(rng, lang, lineCount) {
  const lines = [...HEADERS[lang](rng)];
  const footer = FOOTERS[lang] ? FOOTERS[lang](rng) : [];
  while (lines.length + footer.length < lineCount) {
    for (const entry of BLOCKS[lang](rng)) lines.push(...entry.split('\n'));
  }
  lines.length = Math.max(lineCount - footer.length, 1);
  return [...lines, ...footer];
}

/** A new line for an in-place rewrite of `line`: keeps its indentation, changes its content. */
export function rewriteLine(rng, lang, line) {
  const indent = /^\s*/.exec(line)[0];
  if (lang === 'md' || lang === 'json' || lang === 'css') return STATEMENTS[lang](rng);
  // Half the rewrites are small (one identifier or literal changed: a word-level diff), half are new statements.
  if (rng.chance(0.5) && /\d+/.test(line)) return line.replace(/\d+/, String(rng.int(0, 9999)));
  if (rng.chance(0.5)) {
    const word = rng.pick(WORDS);
    if (line.includes(word)) return line.replace(word, rng.pick(WORDS));
  }
  const statement = STATEMENTS[lang](rng).split('\n')[0];
  return indent + statement.trimStart();
}

/**
 * Applies agent-like edits to `lines` until about `budget` changed lines
 * (additions + deletions, as git counts them) are reached. Edits are spread
 * through the file so most become separate hunks.
 */
export function editLines(rng, lang, lines, budget) {
  const out = lines.slice();
  let spent = 0;
  let guard = 0;
  while (spent < budget && guard++ < budget * 4) {
    const left = budget - spent;
    const op = out.length < 8 ? 'insert' : rng.weighted({ rewrite: 5, insert: 3, remove: 2 });
    const at = rng.int(0, Math.max(out.length - 1, 0));
    if (op === 'rewrite') {
      const count = Math.min(rng.int(1, 4), Math.max(1, Math.floor(left / 2)), out.length - at);
      for (let i = 0; i < count; i++) out[at + i] = rewriteLine(rng, lang, out[at + i]);
      spent += count * 2;
    } else if (op === 'insert') {
      const count = Math.min(rng.int(2, 12), left);
      const block = [];
      while (block.length < count) {
        const statement = lang === 'md' || lang === 'json' || lang === 'css' ? STATEMENTS[lang](rng) : STATEMENTS[lang](rng, rng.pick(WORDS));
        block.push(...(lang === 'py' ? `    ${statement}` : statement).split('\n'));
      }
      block.length = count;
      out.splice(at, 0, ...block);
      spent += count;
    } else {
      const count = Math.min(rng.int(1, 8), left, out.length - at - 1);
      if (count <= 0) continue;
      out.splice(at, count);
      spent += count;
    }
  }
  return out;
}

/** A line of `length` characters: a long data literal, as generated tables and fixtures have. */
export function longLine(rng, lang, length) {
  const parts = [];
  let size = 0;
  while (size < length) {
    const part = `${rng.int(0, 65535)}`;
    parts.push(part);
    size += part.length + 2;
  }
  const list = parts.join(', ');
  switch (lang) {
    case 'py': return `TABLE_${rng.int(0, 99)} = [${list}]`;
    case 'go': return `var table${rng.int(0, 99)} = []int{${list}}`;
    case 'rs': return `pub const TABLE_${rng.int(0, 99)}: &[u32] = &[${list}];`;
    case 'md': return sentence(rng, Math.ceil(length / 7));
    case 'json': return `  "table_${rng.int(0, 9999)}": [${list}],`;
    case 'css': return `.grid-${rng.int(0, 99)} { grid-template-columns: ${parts.map((p) => `${p}px`).join(' ')}; }`;
    default: return `export const table${rng.int(0, 99)} = [${list}];`;
  }
}

/** One line of minified JavaScript of about `length` characters. */
export function minifiedJs(rng, length) {
  const chunks = ['!function(){"use strict";'];
  let size = chunks[0].length;
  const ids = 'abcdefghijklmnopqrstuvwxyz';
  while (size < length) {
    const a = ids[rng.int(0, 25)];
    const b = ids[rng.int(0, 25)];
    const chunk = rng.pick([
      `function ${a}${b}(${a},${b}){return ${a}.${rng.pick(WORDS)}(${b},${rng.int(0, 99)})}`,
      `var ${a}${rng.int(0, 99)}=${rng.int(0, 9999)},${b}${rng.int(0, 99)}="${rng.pick(WORDS)}";`,
      `if(${a}&&${b}.${rng.pick(WORDS)})${a}=${b}[${rng.int(0, 9)}];`,
      `${a}.prototype.${rng.pick(VERBS)}=function(){return this.${rng.pick(WORDS)}};`,
    ]);
    chunks.push(chunk);
    size += chunk.length;
  }
  chunks.push('}();');
  return chunks.join('');
}

/** A package-lock.json (v3) with `count` packages, as lines. */
export function lockFileLines(rng, count, versions) {
  const lines = ['{', '  "name": "bench-app",', '  "version": "1.0.0",', '  "lockfileVersion": 3,', '  "requires": true,', '  "packages": {'];
  for (let i = 0; i < count; i++) {
    const name = `${WORDS[i % WORDS.length]}-${VERBS[Math.floor(i / WORDS.length) % VERBS.length]}-${i}`;
    const version = versions[i];
    lines.push(
      `    "node_modules/${name}": {`,
      `      "version": "${version}",`,
      `      "resolved": "https://registry.example/${name}/-/${name}-${version}.tgz",`,
      `      "integrity": "sha512-${integrityFor(name, version)}",`,
      '      "license": "MIT"',
      i === count - 1 ? '    }' : '    },',
    );
  }
  lines.push('  }', '}');
  return lines;
}

/** A stable pseudo-integrity string derived from name and version (no crypto needed, just stable and varied). */
function integrityFor(name, version) {
  let h = 2166136261;
  const text = `${name}@${version}`;
  let out = '';
  for (let round = 0; round < 11; round++) {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i) ^ round, 16777619) >>> 0;
    out += h.toString(36).padStart(7, '0');
  }
  return out.slice(0, 86) + '==';
}
