/**
 * A random credential a client presents in one request header, compared in
 * constant time. The agent's key (agent/agentChannel.ts) and the opener's
 * key (openerRoutes.ts) are each one; the owner writes it to a 0600 file of
 * the session and sends it in no argv and no output.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export class HeaderKey {
  readonly value = randomBytes(32).toString('hex');

  constructor(readonly header: string) {}

  /** The request carries this key in exactly one such header. */
  accepts(req: IncomingMessage): boolean {
    const given = req.headers[this.header];
    if (typeof given !== 'string') return false;
    // Equal-length digests: the comparison takes the same time whatever was sent.
    const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
    return timingSafeEqual(digest(given), digest(this.value));
  }
}
