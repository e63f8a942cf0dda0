// The parts of an OpenAPI 3 document that turning operations into tools reads. Everything else
// a document may hold is allowed and ignored.

/** A JSON Schema object as OpenAPI writes it. */
export type TOpenAPISchema = Record<string, unknown>

/** A `$ref` to another part of the same document, such as `#/components/schemas/Pet`. */
export type TOpenAPIReference = { $ref: string }

/** Where an operation parameter travels. Cookie parameters are not sent by tools. */
export type TOpenAPIParameterLocation = 'path' | 'query' | 'header' | 'cookie'

/** One operation parameter. */
export type TOpenAPIParameter = {
  name: string
  in: TOpenAPIParameterLocation
  required?: boolean
  description?: string
  schema?: TOpenAPISchema | TOpenAPIReference
}

/** An operation's request body; tools send the `application/json` media type. */
export type TOpenAPIRequestBody = {
  required?: boolean
  description?: string
  content: Record<string, { schema?: TOpenAPISchema | TOpenAPIReference }>
}

/** One operation: a method on a path. */
export type TOpenAPIOperation = {
  operationId?: string
  summary?: string
  description?: string
  parameters?: Array<TOpenAPIParameter | TOpenAPIReference>
  requestBody?: TOpenAPIRequestBody | TOpenAPIReference
}

/** The HTTP methods an OpenAPI path item can hold. */
export const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/** One of `OPENAPI_METHODS`. */
export type TOpenAPIMethod = (typeof OPENAPI_METHODS)[number]

/** The operations on one path, plus parameters they share. */
export type TOpenAPIPathItem = { parameters?: Array<TOpenAPIParameter | TOpenAPIReference> } & {
  [method in TOpenAPIMethod]?: TOpenAPIOperation
}

/** An OpenAPI 3.x document. */
export type TOpenAPIDocument = {
  openapi: string
  info?: { title?: string; version?: string; description?: string }
  servers?: Array<{ url: string; variables?: Record<string, { default: string }> }>
  paths: Record<string, TOpenAPIPathItem>
  components?: Record<string, Record<string, unknown>>
}
