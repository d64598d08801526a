/**
 * Both commands' options, read by `node:util`'s `parseArgs` and checked
 * here, so `redline` and `redline apply` refuse bad arguments with the same
 * words: `unknown option '--x'`, `option --x needs a value`, `option --x
 * takes no value`, `option --x given more than once`. Every refusal is a
 * usage error (exit 2).
 *
 * parseArgs runs non-strict, with its tokens: in strict mode it throws its
 * own long messages ("Unknown option '--x'. To specify a positional argument
 * starting with a '-', …"), and it refuses a value that starts with '-',
 * which `--base --staged` must reach (the review parser says why that is no
 * revision).
 */
import { parseArgs } from 'node:util';
import { RedlineError } from '../errors.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** A string option that may be given again (its values add up). */
  multiple?: boolean;
}

export interface ReadOptions<Name extends string> {
  strings: Map<Name, string[]>;
  flags: Set<Name>;
  positionals: string[];
}

type ParseToken = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
type OptionToken = Extract<ParseToken, { kind: 'option' }>;

export function usageError(message: string): RedlineError {
  return new RedlineError('usage', message);
}

export function readOptions<Name extends string>(argv: readonly string[], spec: Record<Name, OptionSpec>): ReadOptions<Name> {
  const { tokens } = parseArgs({ args: [...argv], options: spec, strict: false, allowPositionals: true, tokens: true });
  const read: ReadOptions<Name> = { strings: new Map(), flags: new Set(), positionals: [] };
  for (const token of tokens) {
    if (token.kind === 'positional') read.positionals.push(token.value);
    else if (token.kind === 'option') readOption(token, spec, read);
  }
  return read;
}

function readOption<Name extends string>(token: OptionToken, spec: Record<Name, OptionSpec>, read: ReadOptions<Name>): void {
  const name = token.name as Name;
  const option: OptionSpec | undefined = Object.hasOwn(spec, name) ? spec[name] : undefined;
  const label = token.rawName.startsWith('--') ? token.rawName : `--${token.name}`;
  if (!option) throw usageError(`unknown option '${token.rawName}'`);
  if (option.type === 'boolean') {
    if (token.value !== undefined) throw usageError(`option ${label} takes no value`);
    read.flags.add(name);
    return;
  }
  if (token.value === undefined || token.value === '') throw usageError(`option ${label} needs a value`);
  const values = read.strings.get(name) ?? [];
  if (values.length > 0 && !option.multiple) throw usageError(`option ${label} given more than once`);
  read.strings.set(name, [...values, token.value]);
}

/** The one value of a string option, or undefined. */
export function optionValue<Name extends string>(read: ReadOptions<Name>, name: Name): string | undefined {
  return read.strings.get(name)?.[0];
}
