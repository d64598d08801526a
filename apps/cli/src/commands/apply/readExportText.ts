/** Reads the feedback export from a file or standard input, as UTF-8, with a size cap. */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { decodeStrictUtf8 } from '../../validation/strictUtf8.js';

/** Far above any real review; keeps a wrong pipe from filling memory. */
export const MAX_EXPORT_BYTES = 64 * 1024 * 1024;

export type ExportText = { ok: true; text: string } | { ok: false; message: string };

export async function readExportText(input: string, cwd: string, stdin: NodeJS.ReadableStream): Promise<ExportText> {
  let bytes: Buffer;
  if (input === '-') {
    const read = await readStream(stdin);
    if (!read.ok) return read;
    bytes = read.bytes;
  } else {
    const full = resolve(cwd, input);
    const info = await stat(full).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) return { ok: false, message: `cannot read ${input}: ${info.code ?? info.message}` };
    if (!info.isFile()) return { ok: false, message: `cannot read ${input}: not a regular file` };
    if (info.size > MAX_EXPORT_BYTES) return { ok: false, message: `${input} is too large for an export (${info.size} bytes)` };
    try {
      bytes = await readFile(full);
    } catch (error) {
      return { ok: false, message: `cannot read ${input}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
    }
  }
  const text = decodeStrictUtf8(bytes);
  return text === null ? { ok: false, message: `${input === '-' ? 'standard input' : input} is not valid UTF-8` } : { ok: true, text };
}

function readStream(stream: NodeJS.ReadableStream): Promise<{ ok: true; bytes: Buffer } | { ok: false; message: string }> {
  return new Promise((resolvePromise) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const finish = (value: { ok: true; bytes: Buffer } | { ok: false; message: string }) => {
      if (done) return;
      done = true;
      resolvePromise(value);
    };
    stream.on('data', (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      total += buffer.length;
      if (total > MAX_EXPORT_BYTES) {
        finish({ ok: false, message: `standard input is too large for an export (over ${MAX_EXPORT_BYTES} bytes)` });
        return;
      }
      chunks.push(buffer);
    });
    stream.on('end', () => finish({ ok: true, bytes: Buffer.concat(chunks, total) }));
    stream.on('error', (error: Error) => finish({ ok: false, message: `cannot read standard input: ${error.message}` }));
  });
}
