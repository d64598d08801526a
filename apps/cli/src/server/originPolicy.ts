/**
 * DNS rebinding and cross-site requests: the Host header must name this
 * server on a loopback name, and every non-GET request must come from one of
 * the server's own origins.
 */
import type { IncomingMessage } from 'node:http';

export class OriginPolicy {
  private readonly hosts: Set<string>;
  private readonly origins: Set<string>;

  constructor(port: number) {
    const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
    this.hosts = new Set(hosts);
    this.origins = new Set(hosts.map((host) => `http://${host}`));
  }

  isAllowedHost(req: IncomingMessage): boolean {
    const host = req.headers.host;
    return typeof host === 'string' && this.hosts.has(host.toLowerCase());
  }

  /**
   * An Origin header, when present, must be ours. GET and HEAD may come
   * without one (browsers omit it on same-origin reads); anything else must
   * carry it.
   */
  isAllowedOrigin(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return req.method === 'GET' || req.method === 'HEAD';
    return typeof origin === 'string' && this.origins.has(origin.toLowerCase());
  }
}
