/**
 * The contract forge: a real HTTP server on 127.0.0.1 (a random port) that
 * stands for GitHub's API in tests. Every REST request is checked against
 * GitHub's OpenAPI description and every GraphQL query against GitHub's
 * published schema; a request that breaks the contract is answered 400 and
 * recorded in `violations`, which a test asserts is empty. Answers come from
 * the small state (`contractState.ts`) and are checked against the same
 * description before they are sent, so a wrong fixture is a violation too. The
 * token is checked as GitHub does (401), and `refuse()` makes every request
 * answer a given refusal (403, 404, 429 with GitHub's headers…).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenApiContract, type Operation } from './openApiContract.js';
import { answerGraphql } from './graphqlContract.js';
import { pullJson, reviewJson, reviewFromPayload } from './contractFixtures.js';
import type { ContractForgeState, ContractRefusal } from './contractState.js';

export interface ContractRequest {
  method: string;
  path: string;
  /** The REST operation's id, or `graphql`. */
  operation: string;
  body: unknown;
}

export interface GitHubContractServer {
  /** The API base (`GITHUB_API_URL` for the CLI under test). */
  url: string;
  state: ContractForgeState;
  requests: ContractRequest[];
  violations: string[];
  /** Answers every request with this refusal until called with `undefined`. */
  refuse(refusal: ContractRefusal | undefined): void;
  close(): Promise<void>;
}

let sharedContract: OpenApiContract | undefined;
/** GitHub's description is read once per test file (about 0.3 s). */
export function openApiContract(): OpenApiContract {
  sharedContract ??= new OpenApiContract();
  return sharedContract;
}

const DOCS = 'https://docs.github.com/rest';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'x-github-media-type': 'github.v3; format=json',
    ...headers,
  });
  response.end(text);
}

/** Strips a GitHub Enterprise prefix, so the server also stands for `https://HOST/api/v3`. */
function apiPath(pathname: string): string {
  if (pathname === '/api/graphql') return '/graphql';
  return pathname.startsWith('/api/v3/') ? pathname.slice('/api/v3'.length) : pathname;
}

export async function startGitHubContract(options: { state: ContractForgeState; token: string }): Promise<GitHubContractServer> {
  const contract = openApiContract();
  const requests: ContractRequest[] = [];
  const violations: string[] = [];
  let refusal: ContractRefusal | undefined;
  let origin = '';

  function checkedAnswer(
    response: ServerResponse,
    operation: Operation,
    status: number,
    body: unknown,
    headers?: Record<string, string>,
  ): void {
    for (const problem of contract.checkResponse(operation, status, body)) {
      violations.push(`${operation.operationId} answered ${problem.what}: ${problem.errors.join('; ')}`);
    }
    send(response, status, body, headers);
  }

  function serveRest(
    response: ServerResponse,
    operation: Operation,
    params: Record<string, string>,
    query: URLSearchParams,
    body: unknown,
  ): void {
    const { state } = options;
    const sameRepo =
      params.owner?.toLowerCase() === state.owner.toLowerCase() && params.repo?.toLowerCase() === state.repo.toLowerCase();
    const pull = sameRepo ? state.pulls.get(Number(params.pull_number)) : undefined;
    if (pull === undefined) {
      checkedAnswer(response, operation, 404, { message: 'Not Found', documentation_url: `${DOCS}/pulls/pulls`, status: '404' });
      return;
    }
    const repoUrl = `https://github.com/${state.owner}/${state.repo}`;
    switch (operation.operationId) {
      case 'pulls/get':
        checkedAnswer(response, operation, 200, pullJson(contract, state, pull));
        return;
      case 'pulls/list-reviews': {
        const perPage = Math.min(Number(query.get('per_page') ?? 30), 100);
        const pageNumber = Number(query.get('page') ?? 1);
        const items = pull.reviews.slice((pageNumber - 1) * perPage, pageNumber * perPage);
        const more = pageNumber * perPage < pull.reviews.length;
        const next = `${origin}/repos/${state.owner}/${state.repo}/pulls/${pull.number}/reviews?per_page=${perPage}&page=${pageNumber + 1}`;
        checkedAnswer(
          response,
          operation,
          200,
          items.map((review) => reviewJson(contract, repoUrl, pull, review)),
          more ? { link: `<${next}>; rel="next"` } : {},
        );
        return;
      }
      case 'pulls/create-review': {
        const review = reviewFromPayload(state, pull, body);
        pull.reviews.push(review);
        checkedAnswer(response, operation, 200, reviewJson(contract, repoUrl, pull, review));
        return;
      }
      default:
        violations.push(`${operation.method} ${operation.template} (${operation.operationId}) is not served by the contract forge`);
        send(response, 501, { message: `the contract forge does not serve ${operation.operationId}` });
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const path = apiPath(url.pathname);
    const text = await readBody(request);
    let body: unknown;
    try {
      body = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      violations.push(`${method} ${path}: the body is not JSON`);
      send(response, 400, { message: 'Problems parsing JSON' });
      return;
    }
    const isGraphql = method === 'POST' && path === '/graphql';
    const matched = isGraphql ? undefined : contract.match(method, path);
    requests.push({ method, path, operation: isGraphql ? 'graphql' : (matched?.operation.operationId ?? 'unknown'), body });
    const auth = request.headers.authorization;
    if (auth !== `token ${options.token}` && auth !== `Bearer ${options.token}`) {
      send(response, 401, { message: auth ? 'Bad credentials' : 'Requires authentication', documentation_url: DOCS, status: '401' });
      return;
    }
    if (refusal !== undefined) {
      send(response, refusal.status, { message: refusal.message, documentation_url: DOCS, status: String(refusal.status) }, refusal.headers);
      return;
    }
    if (isGraphql) {
      const answer = await answerGraphql(options.state, body);
      for (const problem of answer.problems) violations.push(`graphql: ${problem}`);
      send(response, answer.problems.length > 0 ? 400 : 200, answer.body);
      return;
    }
    if (matched === undefined) {
      violations.push(`${method} ${path} matches no operation of GitHub's API`);
      send(response, 400, { message: `contract violation: ${method} ${path} matches no operation`, documentation_url: DOCS, status: '400' });
      return;
    }
    const problems = contract.checkRequest(matched.operation, matched.pathParams, url.searchParams, body);
    if (problems.length > 0) {
      const said = problems.map((problem) => `${problem.what}: ${problem.errors.join('; ')}`).join(' | ');
      violations.push(`${matched.operation.operationId} was sent ${said}`);
      send(response, 400, { message: `contract violation: ${said}`, documentation_url: DOCS, status: '400' });
      return;
    }
    serveRest(response, matched.operation, matched.pathParams, url.searchParams, body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      violations.push(`the contract forge failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) send(response, 500, { message: 'contract forge failure' });
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    state: options.state,
    requests,
    violations,
    refuse(next) {
      refusal = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
