/**
 * A yes/no question asked of the person at the terminal (`redline publish`):
 * written to the terminal, the answer read as one line from stdin. Only `y`
 * or `yes` (any case) is yes; anything else, or stdin ending, is no.
 */
import type { TextSink } from '../cliIo.js';

export function isTerminalStream(stream: NodeJS.ReadableStream): boolean {
  return 'isTTY' in stream && stream.isTTY === true;
}

export function askYesNo(stdin: NodeJS.ReadableStream, terminal: TextSink, question: string): Promise<boolean> {
  terminal.write(question);
  return new Promise((resolve) => {
    let line = '';
    const done = (answer: boolean) => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.pause();
      resolve(answer);
    };
    const onData = (chunk: Buffer | string) => {
      line += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      const end = line.search(/[\r\n]/);
      if (end >= 0) done(/^\s*y(?:es)?\s*$/i.test(line.slice(0, end)));
    };
    const onEnd = () => done(false);
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.resume();
  });
}
