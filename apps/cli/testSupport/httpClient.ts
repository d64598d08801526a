/** Raw HTTP requests for the server tests, with full control over Host, Origin and Cookie headers. */
import { request } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  json<T = unknown>(): T;
}

export interface HttpCall {
  port: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Host header; defaults to 127.0.0.1:PORT. */
  host?: string;
  /** Decompress a gzip or brotli body (default); false gives the bytes on the wire. */
  decode?: boolean;
}

export function httpCall(call: HttpCall): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: call.port,
        method: call.method ?? 'GET',
        path: call.path,
        headers: { host: call.host ?? `127.0.0.1:${call.port}`, ...call.headers },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = call.decode === false ? raw : encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString('utf8'),
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}
