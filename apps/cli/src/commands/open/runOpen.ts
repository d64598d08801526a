/**
 * `redline open`: the reviewer's way back into a running review (a closed
 * tab, another browser, a review started by an agent): the review opened in
 * the browser on a new single-use link, and that link printed only to a
 * terminal (linkNotice.ts). It asks the server with the session's opener
 * key, never the agent's (server/link/openerRoutes.ts).
 */
import type { CliIo } from '../../cliIo.js';
import { RedlineError } from '../../errors.js';
import { OPENER_API, OPENER_HEADER, type OpenerBrowser, type OpenerLink } from '../../server/link/openerRoutes.js';
import { requestSession } from '../../sessions/sessionRequest.js';
import { openSessionVerb } from '../parseSessionArgs.js';
import { usageError } from '../readOptions.js';
import { OPEN_HELP } from './openHelp.js';

export async function runOpen(argv: readonly string[], io: CliIo): Promise<number> {
  const opened = await openSessionVerb('open', argv, io, OPEN_HELP);
  if (!opened) return 0;
  const { args, store } = opened;
  if (!args.browser && !io.terminal) throw usageError('redline open --no-open prints a review link, and a link is printed only to a terminal: run it in yours');
  const found = await store.find();
  if (found.kind !== 'live') throw new RedlineError('no-session', "no open review in this repository; start one with 'redline'");
  const credential = { port: found.record.port, header: OPENER_HEADER, key: await store.readOpenerKey(found.record.id) };
  if (args.browser) {
    const answer = await requestSession<OpenerBrowser>(credential, 'POST', OPENER_API.browser, 0, '{}');
    if (answer.opened) {
      io.stderr.write('Opened the review in your browser.\n');
      return 0;
    }
    if (!io.terminal) throw new RedlineError('internal', 'could not open a browser, and a link is printed only to a terminal: run redline open in your own terminal');
    io.stderr.write('Could not open a browser; open this link yourself.\n');
  }
  const { url } = await requestSession<OpenerLink>(credential, 'POST', OPENER_API.link, 0, '{}');
  io.terminal?.write(`New review link (works once): ${url}\n`);
  return 0;
}
