/**
 * Slowloris: a connection must finish a request's headers within
 * HEADERS_DEADLINE_MS of opening, or of its previous answer (keep-alive),
 * or it is closed. Node's own headersTimeout is checked by a timer over the
 * server's connection list; in the test suite it let such a connection
 * live past 20 s once other servers had run in the same process, so the
 * deadline is a timer per connection here, which nothing can starve.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export const HEADERS_DEADLINE_MS = 5_000;

export function enforceHeaderDeadline(server: Server, deadlineMs = HEADERS_DEADLINE_MS): void {
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  const arm = (socket: Socket) => {
    clearTimeout(timers.get(socket));
    const timer = setTimeout(() => socket.destroy(), deadlineMs);
    timer.unref();
    timers.set(socket, timer);
  };
  server.on('connection', (socket: Socket) => {
    arm(socket);
    socket.once('close', () => clearTimeout(timers.get(socket)));
  });
  server.on('request', (req, res) => {
    clearTimeout(timers.get(req.socket));
    res.once('finish', () => {
      if (!req.socket.destroyed) arm(req.socket);
    });
  });
}
