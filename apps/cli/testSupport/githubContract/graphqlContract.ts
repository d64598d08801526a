/**
 * GitHub's GraphQL contract, from GitHub's published schema
 * (`@octokit/graphql-schema`): every query is parsed and validated against it
 * with graphql-js, its variables coerced by the operation's definitions, and
 * it is answered by executing it on that same schema over the forge's state
 * (so an answer cannot hold a field or a type the schema lacks). Only the
 * pull request's review threads are served; any other field answers null.
 */
import { buildClientSchema, execute, parse, validate, type GraphQLSchema, type DocumentNode } from 'graphql';
import { schema as publishedSchema } from '@octokit/graphql-schema';
import type { IntrospectionQuery } from 'graphql';
import type { ContractForgeState, ContractPull, ContractThread } from './contractState.js';

export interface GraphqlAnswer {
  /** Why the query breaks the contract; empty when it keeps it. */
  problems: string[];
  body: { data?: unknown; errors?: { message: string; type?: string }[] };
}

let builtSchema: GraphQLSchema | undefined;
function githubSchema(): GraphQLSchema {
  // Built from the introspection result: 15.26.1's SDL text defines two fields twice, which buildSchema refuses.
  builtSchema ??= buildClientSchema(publishedSchema.json as unknown as IntrospectionQuery);
  return builtSchema;
}

function page<T>(items: readonly T[], first: number, after: string | null | undefined): {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null; hasPreviousPage: boolean; startCursor: string | null };
  totalCount: number;
} {
  const start = after ? Number(after.replace('cursor:', '')) : 0;
  const nodes = items.slice(start, start + first);
  const end = start + nodes.length;
  return {
    nodes,
    totalCount: items.length,
    pageInfo: {
      hasNextPage: end < items.length,
      endCursor: nodes.length > 0 ? `cursor:${end}` : null,
      hasPreviousPage: start > 0,
      startCursor: nodes.length > 0 ? `cursor:${start}` : null,
    },
  };
}

function threadNode(thread: ContractThread): Record<string, unknown> {
  return {
    __typename: 'PullRequestReviewThread',
    id: thread.id,
    isResolved: thread.isResolved,
    isOutdated: thread.isOutdated,
    isCollapsed: thread.isResolved,
    path: thread.path,
    line: thread.line,
    startLine: thread.startLine,
    diffSide: thread.side,
    startDiffSide: thread.startLine === null ? null : thread.side,
    comments: (args: { first?: number; after?: string }) =>
      page(
        thread.comments.map((comment) => ({
          __typename: 'PullRequestReviewComment',
          author: { __typename: 'User', login: comment.author },
          body: comment.body,
          createdAt: comment.createdAt,
        })),
        args.first ?? 100,
        args.after,
      ),
  };
}

function pullRequestNode(pull: ContractPull): Record<string, unknown> {
  return {
    __typename: 'PullRequest',
    number: pull.number,
    title: pull.title,
    reviewThreads: (args: { first?: number; after?: string }) => page(pull.threads.map(threadNode), args.first ?? 100, args.after),
  };
}

function rootValue(state: ContractForgeState): Record<string, unknown> {
  return {
    repository: (args: { owner: string; name: string }) => {
      if (args.owner.toLowerCase() !== state.owner.toLowerCase() || args.name.toLowerCase() !== state.repo.toLowerCase()) {
        throw Object.assign(new Error(`Could not resolve to a Repository with the name '${args.owner}/${args.name}'.`), {
          type: 'NOT_FOUND',
        });
      }
      return {
        __typename: 'Repository',
        pullRequest: (pullArgs: { number: number }) => {
          const pull = state.pulls.get(pullArgs.number);
          if (pull === undefined) {
            throw Object.assign(new Error(`Could not resolve to a PullRequest with the number of ${pullArgs.number}.`), {
              type: 'NOT_FOUND',
            });
          }
          return pullRequestNode(pull);
        },
      };
    },
  };
}

/** Checks one GraphQL request against GitHub's schema and answers it from the state. */
export async function answerGraphql(state: ContractForgeState, request: unknown): Promise<GraphqlAnswer> {
  const { query, variables } = (request ?? {}) as { query?: unknown; variables?: unknown };
  if (typeof query !== 'string') return { problems: ['no query string'], body: { errors: [{ message: 'A query attribute must be specified' }] } };
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    const message = (error as Error).message;
    return { problems: [message], body: { errors: [{ message }] } };
  }
  const schema = githubSchema();
  const invalid = validate(schema, document).map((error) => error.message);
  if (invalid.length > 0) return { problems: invalid, body: { errors: invalid.map((message) => ({ message })) } };
  const result = await execute({
    schema,
    document,
    rootValue: rootValue(state),
    variableValues: (variables ?? {}) as Record<string, unknown>,
  });
  const errors = (result.errors ?? []).map((error) => ({
    message: error.message,
    type: (error.originalError as { type?: string } | undefined)?.type,
  }));
  // A variable that does not fit its definition, or an answer that does not fit the schema, is a broken contract;
  // NOT_FOUND is GitHub's own answer for a missing repository or pull request.
  const problems = errors.filter((error) => error.type !== 'NOT_FOUND').map((error) => error.message);
  return { problems, body: { data: result.data ?? undefined, ...(errors.length > 0 ? { errors } : {}) } };
}
