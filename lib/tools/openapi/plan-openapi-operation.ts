import type { IToolSchema } from '../../core/provider.ts'
import { OPENAPI_METHODS } from './openapi-document.ts'
import type {
  TOpenAPIDocument,
  TOpenAPIMethod,
  TOpenAPIOperation,
  TOpenAPIParameter,
  TOpenAPIRequestBody
} from './openapi-document.ts'
import { resolveOpenAPIReferences } from './resolve-openapi-references.ts'

/** Where one tool argument goes in the HTTP request. */
export type TOpenAPIArgumentBinding = {
  /** The argument's name in the tool schema. */
  property: string
  location: 'path' | 'query' | 'header' | 'body'
  /** The parameter's name in the request (unused for the body). */
  name: string
}

/** Everything needed to advertise one operation as a tool and to call it. */
export type TOpenAPIOperationPlan = {
  method: TOpenAPIMethod
  path: string
  name: string
  description: string
  parameters: IToolSchema['parameters']
  bindings: TOpenAPIArgumentBinding[]
}

/** One operation found in a document. */
export type TOpenAPIOperationEntry = { method: TOpenAPIMethod; path: string; operation: TOpenAPIOperation }

/** Every operation in the document, in path then method order. */
export function listOpenAPIOperations(document: TOpenAPIDocument): TOpenAPIOperationEntry[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    OPENAPI_METHODS.flatMap((method) => (item[method] === undefined ? [] : [{ method, path, operation: item[method] }]))
  )
}

/**
 * Turns one operation into a tool plan: its path, query and header parameters and its JSON body
 * (as `body`) become the properties of one argument object, with references resolved.
 */
export function planOpenAPIOperation(document: TOpenAPIDocument, entry: TOpenAPIOperationEntry): TOpenAPIOperationPlan {
  const { method, path, operation } = entry
  const properties: Record<string, unknown> = {}
  const required: string[] = []
  const bindings: TOpenAPIArgumentBinding[] = []
  for (const parameter of collectParameters(document, entry)) {
    if (parameter.in === 'cookie') continue
    const property = Object.hasOwn(properties, parameter.name) ? `${parameter.in}_${parameter.name}` : parameter.name
    const schema = { ...(resolveOpenAPIReferences(document, parameter.schema ?? {}) as Record<string, unknown>) }
    if (parameter.description !== undefined) schema.description = parameter.description
    properties[property] = schema
    if (parameter.in === 'path' || parameter.required === true) required.push(property)
    bindings.push({ property, location: parameter.in, name: parameter.name })
  }
  const body = operation.requestBody === undefined ? undefined : (resolveOpenAPIReferences(document, operation.requestBody) as TOpenAPIRequestBody)
  const bodySchema = body === undefined ? undefined : findJsonSchema(body)
  if (body !== undefined && bodySchema !== undefined) {
    const property = Object.hasOwn(properties, 'body') ? 'requestBody' : 'body'
    properties[property] = body.description === undefined ? bodySchema : { ...bodySchema, description: body.description }
    if (body.required === true) required.push(property)
    bindings.push({ property, location: 'body', name: property })
  }
  const parameters: IToolSchema['parameters'] = { type: 'object', properties, additionalProperties: false }
  if (required.length > 0) parameters.required = required
  return { method, path, name: toToolName(operation.operationId ?? `${method}${path}`), description: describe(entry), parameters, bindings }
}

// Path-level parameters apply to every operation on the path; the operation's own win on a clash.
function collectParameters(document: TOpenAPIDocument, entry: TOpenAPIOperationEntry): TOpenAPIParameter[] {
  const shared = document.paths[entry.path]?.parameters ?? []
  const all = [...shared, ...(entry.operation.parameters ?? [])].map(
    (parameter) => resolveOpenAPIReferences(document, parameter) as TOpenAPIParameter
  )
  const byKey = new Map(all.map((parameter) => [`${parameter.in}:${parameter.name}`, parameter]))
  return [...byKey.values()]
}

function findJsonSchema(body: TOpenAPIRequestBody): Record<string, unknown> | undefined {
  const mediaType = Object.keys(body.content).find((type) => /^application\/([\w.-]+\+)?json\b/i.test(type))
  if (mediaType === undefined) return undefined
  return (body.content[mediaType]?.schema ?? {}) as Record<string, unknown>
}

function describe({ method, path, operation }: TOpenAPIOperationEntry): string {
  const text = [operation.summary, operation.description].filter((part) => part !== undefined && part.trim() !== '').join('\n\n')
  return text === '' ? `${method.toUpperCase()} ${path}` : text
}

function toToolName(raw: string): string {
  const name = raw.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64)
  return name === '' ? 'operation' : name
}
