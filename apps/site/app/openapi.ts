/** The parts of an OpenAPI 3 document the endpoint reference shows. */
export type Schema = {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  $ref?: string;
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string }>;
  security?: unknown[];
};

export type OpenApiDocument = {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

export type Endpoint = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; type: string; description: string }[];
  body: { name: string; required: boolean; type: string; description: string }[];
  responses: { status: string; description: string }[];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function resolve(schema: Schema | undefined, document: OpenApiDocument): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return document.components?.schemas?.[name];
}

/** A short type for a schema: `string`, `integer`, `"EU" | "GLOBAL"`, `string[]`, `object`. */
export function typeName(schema: Schema | undefined, document: OpenApiDocument): string {
  const resolved = resolve(schema, document);
  if (!resolved) return 'any';
  if (resolved.enum) return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) return variants.map((variant) => typeName(variant, document)).join(' | ');
  const type = Array.isArray(resolved.type) ? resolved.type.join(' | ') : resolved.type;
  if (type === 'array') return `${typeName(resolved.items, document)}[]`;
  return [type ?? 'object', resolved.format && `(${resolved.format})`].filter(Boolean).join(' ');
}

/** Every operation of the document in path order, with its parameters, body fields and responses. */
export function endpoints(document: OpenApiDocument): Endpoint[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as Operation;
      const bodySchema = resolve(Object.values(operation.requestBody?.content ?? {})[0]?.schema, document);
      const required = new Set(bodySchema?.required ?? []);
      return {
        id: `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-'),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required ?? false,
          type: typeName(parameter.schema, document),
          description: parameter.description ?? parameter.schema?.description ?? '',
        })),
        body: Object.entries(bodySchema?.properties ?? {}).map(([name, schema]) => ({
          name,
          required: required.has(name),
          type: typeName(schema, document),
          description: resolve(schema, document)?.description ?? '',
        })),
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({ status, description: response.description ?? '' })),
      };
    }),
  );
}

/** The resource an endpoint belongs to: the first segment after the version (`/v1/zones/{id}` -> zones). */
export const resourceOf = (path: string) =>
  path
    .replace(/^\/v\d+/, '')
    .split('/')
    .filter(Boolean)[0] ?? 'root';

// Words of the resources' names that are abbreviations, as the rest of the site writes them.
const spelled: Record<string, string> = { dns: 'DNS', nic: 'NIC', apikeys: 'API keys' };

/** A resource's name as a heading: `dns-nodes` -> `DNS nodes`, `zones` -> `Zones`. */
export function resourceTitle(resource: string) {
  const words = resource.split('-').map((word) => spelled[word] ?? word);
  const first = words[0]!;
  return [first === first.toLowerCase() ? first[0]!.toUpperCase() + first.slice(1) : first, ...words.slice(1)].join(' ');
}

export type ResourceGroup = { resource: string; title: string; endpoints: Endpoint[] };

/** Endpoints grouped by resource, in the order the document first names each. */
export function groupByResource(list: Endpoint[]): ResourceGroup[] {
  const groups = new Map<string, Endpoint[]>();
  for (const endpoint of list) {
    const resource = resourceOf(endpoint.path);
    groups.set(resource, [...(groups.get(resource) ?? []), endpoint]);
  }
  return [...groups].map(([resource, endpoints]) => ({ resource, title: resourceTitle(resource), endpoints }));
}
