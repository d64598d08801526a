/**
 * What spent a review link: the program on this machine that holds the other
 * end of the request's connection, found through Linux's /proc (the socket's
 * inode in /proc/net/tcp, then the process whose fd points at it), or, where
 * /proc cannot tell, what the request says of itself (its User-Agent).
 *
 * Shown to whoever arrives second with the same link ("already used by
 * another program (curl, pid 4242) at 12:03:41") and by `redline status`,
 * so a reviewer whose link an agent spent sees it at once. Looked up after
 * the link is spent, never on the way of the page's own exchange.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';

export interface LinkSpend {
  /** When the link was spent (ISO 8601). */
  at: string;
  /** What spent it, in printable ASCII: `chromium (pid 4242)`, or the request's own words. */
  by: string;
}

/** Printable ASCII only, at most this long: the words go into a page and to the agent's status. */
const MAX_WORDS = 80;

export async function describeLinkSpender(req: IncomingMessage, serverPort: number): Promise<string> {
  const clientPort = req.socket.remotePort;
  const found = clientPort === undefined ? null : await findLocalProcess(clientPort, serverPort).catch(() => null);
  if (found) return `${printable(found.name)} (pid ${found.pid})`;
  const agent = req.headers['user-agent'];
  return typeof agent === 'string' && agent !== '' ? `a program that calls itself "${printable(agent)}"` : 'a program that did not say what it is';
}

function printable(text: string): string {
  const ascii = text.replace(/[^\x20-\x7e]/g, '?');
  return ascii.length > MAX_WORDS ? `${ascii.slice(0, MAX_WORDS)}…` : ascii;
}

async function findLocalProcess(clientPort: number, serverPort: number): Promise<{ pid: number; name: string } | null> {
  const inode = await socketInode(clientPort, serverPort);
  if (inode === null) return null;
  const target = `socket:[${inode}]`;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fds = await readdir(`/proc/${entry}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      if ((await readlink(`/proc/${entry}/fd/${fd}`).catch(() => '')) !== target) continue;
      const name = (await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '')).trim();
      return { pid: Number(entry), name: name || 'an unnamed program' };
    }
  }
  return null;
}

/** The inode of the client's end: local port = the request's remote port, remote port = ours. */
async function socketInode(clientPort: number, serverPort: number): Promise<string | null> {
  const wanted = { local: portHex(clientPort), remote: portHex(serverPort) };
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local, remote, inode] = [fields[1], fields[2], fields[9]];
      if (local?.endsWith(`:${wanted.local}`) && remote?.endsWith(`:${wanted.remote}`) && inode && inode !== '0') return inode;
    }
  }
  return null;
}

function portHex(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}
