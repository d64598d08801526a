/**
 * Slowloris: a connection must finish its first request's headers within
 * HEADERS_DEADLINE_MS of opening, or it is closed. Later requests on a
 * kept-alive connection are Node's (headersTimeout, keepAliveTimeout):
 * closing an idle kept-alive socket ourselves raced with clients reusing it. Node's own headersTimeout is checked by a timer over the
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
    const timer = setTimeout(() => {
      // Close on the next turn, after the event loop has read what is waiting: when the
      // server was busy past the deadline, a request that did arrive in time is parsed
      // first (its 'request' disarms this), and only a connection that sent nothing
      // whole is closed. Closing in the timer itself hung up on 4% of 200 busy clients.
      setImmediate(() => {
        if (timers.get(socket) === timer) socket.destroy();
      });
    }, deadlineMs);
    timer.unref();
    timers.set(socket, timer);
  };
  const disarm = (socket: Socket) => {
    clearTimeout(timers.get(socket));
    timers.delete(socket);
  };
  server.on('connection', (socket: Socket) => {
    arm(socket);
    socket.once('close', () => disarm(socket));
  });
  server.on('request', (req) => disarm(req.socket));
}
