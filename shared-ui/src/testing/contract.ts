import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiFetch } from '../api/client';

/**
 * A test double of the BFF that holds every request the front ends' client sends to docs/openapi.json: the path
 * and method must be documented, every query and path parameter must be one the operation names (and match its
 * schema), required ones must be there, and a JSON body must match the operation's body schema with every object
 * closed (a field the document does not have is refused). Tests only: it reads the document from disk.
 */

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

export const OPENAPI_DOCUMENT = join(__dirname, '../../../docs/openapi.json');

/** Every object described is closed: a property the document does not name is an error. */
function closeObjects(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(closeObjects);
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Json;
  if (node.properties && node.additionalProperties === undefined) node.additionalProperties = false;
  Object.values(node).forEach(closeObjects);
}

export interface SentRequest {
  method: string;
  /** The URL as the client sent it: absolute path and query. */
  url: string;
  /** A JSON body as sent (a string), or none. */
  body?: string | null;
  /** A multipart body as sent: its text fields and the names of its file fields. */
  multipart?: { fields: Record<string, string>; files: string[] };
}

export class ContractViolation extends Error {
  constructor(
    readonly request: SentRequest,
    readonly problems: string[],
  ) {
    super(`${request.method} ${request.url} is not what docs/openapi.json describes:\n- ${problems.join('\n- ')}`);
    this.name = 'ContractViolation';
  }
}

/** Reads docs/openapi.json once and checks requests against it. */
export class ApiContract {
  private readonly doc: OpenApi;
  private readonly ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: false });
  private readonly queryAjv = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
  private readonly validators = new Map<string, ValidateFunction>();
  /** Paths whose parameters are one segment first; a parameter spanning segments (a stored file's path) last. */
  private readonly routes: { pattern: RegExp; path: string }[];

  constructor(document = OPENAPI_DOCUMENT) {
    addFormats(this.ajv);
    addFormats(this.queryAjv);
    this.doc = JSON.parse(readFileSync(document, 'utf8')) as OpenApi;
    closeObjects(this.doc.components.schemas);
    const routes = (param: string) =>
      Object.keys(this.doc.paths).map((path) => ({
        path,
        pattern: new RegExp(
          `^${path
            .split(/\{[^}]+\}/)
            .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
            .join(param)}$`,
        ),
      }));
    this.routes = [...routes('([^/]+)'), ...routes('(.+)')];
  }

  /** What is wrong with a request (empty when the document describes it). */
  problemsOf(request: SentRequest): string[] {
    const url = new URL(request.url, 'http://contract.invalid');
    const route = this.routes.find((r) => r.pattern.test(decodeURIComponent(url.pathname)));
    if (!route) return [`path ${url.pathname} is not documented`];
    const method = request.method.toLowerCase();
    const operation = this.doc.paths[route.path]?.[method];
    if (!operation) return [`${request.method} is not documented for ${route.path}`];
    const problems: string[] = [];
    const parameters = operation.parameters ?? [];

    const query = parameters.filter((p) => p.in === 'query');
    const seen = new Set<string>();
    for (const [name, value] of url.searchParams) {
      if (seen.has(name)) problems.push(`query parameter ${name} is repeated`);
      seen.add(name);
      const described = query.find((p) => p.name === name);
      if (!described) problems.push(`query parameter ${name} is not documented`);
      else this.checkValue(`query parameter ${name}`, described, value, problems);
    }
    for (const p of query) if (p.required && !seen.has(p.name)) problems.push(`query parameter ${p.name} is missing`);

    const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const values = route.pattern.exec(decodeURIComponent(url.pathname))?.slice(1) ?? [];
    names.forEach((name, i) => {
      const described = parameters.find((p) => p.in === 'path' && p.name === name);
      if (!described) problems.push(`path parameter ${name} is not documented`);
      else this.checkValue(`path parameter ${name}`, described, values[i] ?? '', problems);
    });

    const hasBody = request.body !== undefined && request.body !== null && request.body !== '';
    const jsonSchema = operation.requestBody?.content['application/json']?.schema;
    if (hasBody && !jsonSchema) problems.push('a JSON body is sent but none is documented');
    if (!hasBody && !request.multipart && operation.requestBody?.required && jsonSchema)
      problems.push('the documented body is missing');
    const formSchema = operation.requestBody?.content['multipart/form-data']?.schema;
    if (request.multipart && !formSchema) problems.push('a multipart body is sent but none is documented');
    if (request.multipart && formSchema)
      problems.push(...this.formProblems(`${method} ${route.path}`, formSchema, request.multipart));
    if (hasBody && jsonSchema) {
      let body: unknown;
      try {
        body = JSON.parse(request.body!);
      } catch {
        problems.push('the body is not JSON');
      }
      if (body !== undefined) {
        // A body documented as the DTO and fields beside it (allOf) is one object with all their fields.
        const bodySchema = Array.isArray(jsonSchema.allOf) ? this.flattenForm(jsonSchema) : jsonSchema;
        const validate = this.compile(`${method} ${route.path} body`, bodySchema, this.ajv);
        if (!validate(body)) problems.push(...describe('body', validate));
      }
    }
    return problems;
  }

  /** Throws a ContractViolation naming every problem of a request. */
  assert(request: SentRequest): void {
    const problems = this.problemsOf(request);
    if (problems.length > 0) throw new ContractViolation(request, problems);
  }

  /**
   * A multipart body against its form schema: every field one the document names (by name or by its
   * `x-pattern-properties`), text coerced as the server reads it, files only where the document has a binary field.
   */
  private formProblems(key: string, schema: Json, sent: NonNullable<SentRequest['multipart']>): string[] {
    const form = this.flattenForm(schema);
    const problems: string[] = [];
    const schemaOf = (name: string): Json | undefined =>
      (form.properties as Record<string, Json>)[name] ??
      Object.entries(form.patternProperties as Record<string, Json>).find(([pattern]) =>
        new RegExp(pattern).test(name),
      )?.[1];
    for (const name of sent.files) {
      const field = schemaOf(name);
      if (field && field.format !== 'binary') problems.push(`form field ${name} is a file, but the document says text`);
    }
    for (const name of Object.keys(sent.fields)) {
      if (schemaOf(name)?.format === 'binary')
        problems.push(`form field ${name} is text, but the document says a file`);
    }
    const body: Record<string, unknown> = { ...sent.fields };
    for (const name of sent.files) body[name] = '(file)';
    const validate = this.compile(`${key} form`, form, this.queryAjv);
    if (!validate(body)) problems.push(...describe('form', validate));
    return problems;
  }

  /** One closed object from a form schema: its allOf members (and the objects they name) merged. */
  private flattenForm(schema: Json): Json {
    const properties: Record<string, Json> = {};
    const patternProperties: Record<string, Json> = {};
    const required: string[] = [];
    const visit = (node: Json): void => {
      if (typeof node.$ref === 'string') {
        const name = node.$ref.replace('#/components/schemas/', '');
        return visit(this.doc.components.schemas[name] as Json);
      }
      for (const member of (node.allOf as Json[] | undefined) ?? []) visit(member);
      Object.assign(properties, node.properties ?? {});
      Object.assign(patternProperties, node['x-pattern-properties'] ?? {});
      required.push(...((node.required as string[] | undefined) ?? []));
    };
    visit(schema);
    return { type: 'object', properties, patternProperties, required, additionalProperties: false };
  }

  /** A parameter's text, coerced as a server reads it (`?id=3` is the integer 3), against its schema. */
  private checkValue(label: string, parameter: Parameter, value: string, problems: string[]): void {
    if (!parameter.schema) return;
    const validate = this.compile(
      `parameter ${JSON.stringify(parameter.schema)}`,
      { type: 'object', properties: { value: parameter.schema } },
      this.queryAjv,
    );
    if (!validate({ value })) problems.push(...describe(label, validate));
  }

  private compile(key: string, schema: Json, ajv: Ajv): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      const root = JSON.parse(JSON.stringify(schema)) as Json;
      closeObjects(root);
      validate = ajv.compile({ ...root, components: this.doc.components });
      this.validators.set(key, validate);
    }
    return validate;
  }
}

function describe(label: string, validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map((e) =>
    e.keyword === 'additionalProperties'
      ? `${label}${e.instancePath} has ${String(e.params.additionalProperty)}, which the document does not have`
      : `${label}${e.instancePath} ${e.message ?? 'is invalid'}`,
  );
}

let shared: ApiContract | null = null;
/** The document, read once per test file. */
export function apiContract(): ApiContract {
  shared ??= new ApiContract();
  return shared;
}

/**
 * A fetch for the API client (`new ApiClient({ fetch })` or `setApiFetch`) that refuses, with a ContractViolation,
 * any request the document does not describe, and otherwise answers with `respond` (JSON, 200 unless it returns a
 * Response). Every request is recorded.
 */
export function contractFetch(respond: (request: SentRequest) => unknown = () => ({ success: true })): {
  fetch: ApiFetch;
  requests: SentRequest[];
} {
  const requests: SentRequest[] = [];
  const fetch: ApiFetch = async (url, init) => {
    const request: SentRequest = {
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? init.body : null,
    };
    requests.push(request);
    apiContract().assert(request);
    const answer = respond(request);
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, requests };
}
