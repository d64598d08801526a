/**
 * GitHub's REST contract, from GitHub's own OpenAPI description (the
 * `@octokit/openapi` package, `api.github.com.json`): finds a request's
 * operation by method and path template, and checks its path and query
 * parameters, its JSON body and the answer's JSON against the operation's
 * schemas with ajv. `$ref`s are resolved by ajv inside the one document.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  /** The parameter's schema, as a ref into the document. */
  schemaRef: string;
}

export interface Operation {
  method: string;
  template: string;
  operationId: string;
  parameters: Parameter[];
  /** A ref to the JSON body's schema, when the operation takes one. */
  bodyRef: string | undefined;
  bodyRequired: boolean;
  /** Pointer to the operation, for its responses. */
  pointer: string;
}

const DOC_KEY = 'github';
const require = createRequire(import.meta.url);

function pointerPart(part: string): string {
  return part.replaceAll('~', '~0').replaceAll('/', '~1');
}

function at(doc: Json, pointer: string): Json {
  let node: Json = doc;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    node = (node as JsonObject)[key] as Json;
  }
  return node;
}

/** Follows one `$ref` (`#/components/...`) if the node is one: its pointer and its value. */
function followed(doc: Json, pointer: string): { pointer: string; node: JsonObject } {
  const node = at(doc, pointer) as JsonObject;
  const ref = node.$ref;
  return typeof ref === 'string' ? followed(doc, ref.slice(1)) : { pointer, node };
}

export interface ContractProblem {
  what: string;
  errors: string[];
}

export class OpenApiContract {
  private readonly doc: JsonObject;
  private readonly ajv: Ajv;
  private readonly coercing: Ajv;
  private readonly operations: Operation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    const file = require.resolve('@octokit/openapi/generated/api.github.com.json');
    this.doc = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
    // OpenAPI's own words (`example`, `x-github`…) are not JSON Schema keywords: not strict. `nullable` is ajv's.
    this.ajv = addFormats(new Ajv({ strict: false, allErrors: true, validateSchema: false }));
    this.ajv.addSchema(this.doc, DOC_KEY);
    this.coercing = addFormats(new Ajv({ strict: false, allErrors: true, validateSchema: false, coerceTypes: true }));
    this.coercing.addSchema(this.doc, DOC_KEY);
    for (const [template, item] of Object.entries(this.doc.paths as JsonObject)) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const operation = (item as JsonObject)[method] as JsonObject | undefined;
        if (operation === undefined) continue;
        this.operations.push(this.readOperation(template, method, operation));
      }
    }
  }

  private readOperation(template: string, method: string, operation: JsonObject): Operation {
    const pointer = `/paths/${pointerPart(template)}/${method}`;
    const parameters = ((operation.parameters ?? []) as Json[]).map((_, index) => {
      const { pointer: paramPointer, node } = followed(this.doc, `${pointer}/parameters/${index}`);
      return {
        name: node.name as string,
        in: node.in as Parameter['in'],
        required: node.required === true,
        schemaRef: `${DOC_KEY}#${paramPointer}/schema`,
      };
    });
    const body = operation.requestBody as JsonObject | undefined;
    const hasJsonBody = body !== undefined && (body.content as JsonObject | undefined)?.['application/json'] !== undefined;
    return {
      method: method.toUpperCase(),
      template,
      operationId: operation.operationId as string,
      parameters,
      bodyRef: hasJsonBody ? `${DOC_KEY}#${pointer}/requestBody/content/application~1json/schema` : undefined,
      bodyRequired: body?.required === true,
      pointer,
    };
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.compiled.get(ref);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    return validate;
  }

  private static errors(validate: ValidateFunction): string[] {
    return (validate.errors ?? []).slice(0, 10).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim());
  }

  /** The operation a request is for, and its path parameters (literal segments win over `{name}` ones). */
  match(method: string, path: string): { operation: Operation; pathParams: Record<string, string> } | undefined {
    const segments = path.split('/').slice(1);
    let best: { operation: Operation; pathParams: Record<string, string>; literals: number } | undefined;
    for (const operation of this.operations) {
      if (operation.method !== method) continue;
      const parts = operation.template.split('/').slice(1);
      if (parts.length !== segments.length) continue;
      const pathParams: Record<string, string> = {};
      let literals = 0;
      const fits = parts.every((part, index) => {
        const segment = decodeURIComponent(segments[index] ?? '');
        if (part.startsWith('{') && part.endsWith('}')) {
          pathParams[part.slice(1, -1)] = segment;
          return segment !== '';
        }
        literals++;
        return part === segment;
      });
      if (fits && (best === undefined || literals > best.literals)) best = { operation, pathParams, literals };
    }
    return best && { operation: best.operation, pathParams: best.pathParams };
  }

  /** Problems with a request's parameters and body, none when it keeps the contract. */
  checkRequest(
    operation: Operation,
    pathParams: Record<string, string>,
    query: URLSearchParams,
    body: unknown,
  ): ContractProblem[] {
    const problems: ContractProblem[] = [];
    const declared = new Set(operation.parameters.map((parameter) => parameter.name));
    for (const name of query.keys()) {
      if (!declared.has(name)) problems.push({ what: `query parameter ${name}`, errors: ['not a parameter of the operation'] });
    }
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      const raw = parameter.in === 'path' ? pathParams[parameter.name] : (query.get(parameter.name) ?? undefined);
      if (raw === undefined) {
        if (parameter.required) problems.push({ what: `${parameter.in} parameter ${parameter.name}`, errors: ['missing'] });
        continue;
      }
      const validate = this.parameterValidator(parameter.schemaRef);
      if (!validate({ value: raw })) {
        problems.push({ what: `${parameter.in} parameter ${parameter.name}`, errors: OpenApiContract.errors(validate) });
      }
    }
    if (operation.bodyRef === undefined) {
      if (body !== undefined) problems.push({ what: 'body', errors: ['the operation takes no JSON body'] });
    } else if (body === undefined) {
      if (operation.bodyRequired) problems.push({ what: 'body', errors: ['missing'] });
    } else {
      const validate = this.validator(operation.bodyRef);
      if (!validate(body)) problems.push({ what: 'body', errors: OpenApiContract.errors(validate) });
    }
    return problems;
  }

  /** A parameter arrives as text: checked inside an object, where ajv may coerce "1" to an integer (and "x" fails). */
  private parameterValidator(schemaRef: string): ValidateFunction {
    const key = `parameter ${schemaRef}`;
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      validate = this.coercing.compile({ type: 'object', properties: { value: { $ref: schemaRef } } });
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** Problems with an answer's JSON for `status`, none when it keeps the contract (or the status has no JSON schema). */
  checkResponse(operation: Operation, status: number, body: unknown): ContractProblem[] {
    const responses = at(this.doc, `${operation.pointer}/responses`) as JsonObject;
    if (responses[String(status)] === undefined) {
      // GitHub answers 401, 403, 404, 429… to any operation; only a success must be the operation's own.
      if (status >= 400) return [];
      return [{ what: `response ${status}`, errors: [`not a response of ${operation.operationId}`] }];
    }
    const { pointer, node } = followed(this.doc, `${operation.pointer}/responses/${status}`);
    if ((node.content as JsonObject | undefined)?.['application/json'] === undefined) return [];
    const validate = this.validator(`${DOC_KEY}#${pointer}/content/application~1json/schema`);
    return validate(body) ? [] : [{ what: `response ${status}`, errors: OpenApiContract.errors(validate) }];
  }

  /** GitHub's own example for a schema (`#/components/examples/NAME`), a fresh copy. */
  example(name: string): JsonObject {
    const example = (this.doc.components as JsonObject).examples as JsonObject;
    return structuredClone((example[name] as JsonObject).value as JsonObject);
  }
}
