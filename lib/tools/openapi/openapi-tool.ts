import type * as z from 'zod'
import { ConfigurationError } from '../../core/errors.ts'
import type { IToolSchema } from '../../core/provider.ts'
import type { ITool, IToolExecutionContext, IToolResult } from '../../core/tool.ts'
import { createDeadlineSignal } from '../http/deadline-signal.ts'
import { describeFetchFailure, isBrowserEnvironment } from '../http/describe-fetch-failure.ts'
import { decodeBody, readLimitedBody } from '../http/read-limited-body.ts'
import { createJsonSchemaValidator } from '../json-schema-validator.ts'
import { checkToolArguments } from '../tool-arguments.ts'
import { buildOpenAPIRequest } from './build-openapi-request.ts'
import type { TOpenAPIDocument } from './openapi-document.ts'
import { listOpenAPIOperations, planOpenAPIOperation } from './plan-openapi-operation.ts'
import type { TOpenAPIOperationPlan } from './plan-openapi-operation.ts'

const DEFAULT_TIMEOUT_MS = 30_000
const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024

/** Options shared by every tool made from one document. */
export type TOpenAPIToolSharedOptions = {
  /** Where requests go; defaults to the document's first server URL (its variables at their defaults). */
  baseUrl?: string
  /** Headers sent with every request, such as `authorization`. */
  headers?: Record<string, string>
  /** The `fetch` to call; defaults to the global one. */
  fetch?: typeof fetch
  /** Deadline of one call in milliseconds; defaults to 30 s. */
  timeoutMs?: number
  /** Response bodies are cut at this many bytes; defaults to 5 MB. */
  maxResponseBytes?: number
}

/** Options for one OpenAPI operation as a tool. */
export type TOpenAPIToolOptions = TOpenAPIToolSharedOptions & {
  document: TOpenAPIDocument
  /** The operation: its `operationId`, or `"METHOD /path"` such as `"GET /pets/{petId}"`. */
  operation: string
  /** The tool's name; defaults to the operationId (or method and path) made provider-safe. */
  name?: string
}

/** What an OpenAPI tool returns as `data`: the HTTP status and the body, parsed when it is JSON. */
export type TOpenAPIToolResponse = { status: number; body: unknown; truncated?: boolean }

/**
 * One OpenAPI 3 operation as a tool: path, query and header parameters and the JSON body are the
 * tool's arguments, validated against the operation's schemas, and a call is one `fetch`. An HTTP
 * error status, a network failure or a timeout is a failed result, never a throw.
 */
export class OpenAPITool implements ITool {
  readonly schema: IToolSchema
  private readonly plan: TOpenAPIOperationPlan
  private readonly baseUrl: string
  private readonly validator: z.ZodType<Record<string, unknown>>

  constructor(private readonly options: TOpenAPIToolOptions) {
    const entry = listOpenAPIOperations(options.document).find(
      ({ method, path, operation }) => operation.operationId === options.operation || `${method.toUpperCase()} ${path}` === options.operation
    )
    if (entry === undefined) throw new ConfigurationError(`The OpenAPI document has no operation "${options.operation}".`)
    this.plan = planOpenAPIOperation(options.document, entry)
    this.baseUrl = options.baseUrl ?? defaultServerUrl(options.document)
    this.schema = { name: options.name ?? this.plan.name, description: this.plan.description, parameters: this.plan.parameters }
    this.validator = createJsonSchemaValidator(this.plan.parameters)
  }

  async execute(parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<IToolResult> {
    const checked = checkToolArguments(this.schema.name, this.validator, parameters)
    if (!checked.success) return checked.result
    const { url, init } = buildOpenAPIRequest(this.plan, this.baseUrl, checked.data, this.options.headers ?? {})
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const deadline = createDeadlineSignal(timeoutMs, context.signal)
    const fetchImplementation = this.options.fetch ?? globalThis.fetch
    try {
      const response = await fetchImplementation(url, { ...init, signal: deadline.signal })
      const { bytes, truncated } = await readLimitedBody(response, this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES)
      const contentType = response.headers.get('content-type')
      const data: TOpenAPIToolResponse = { status: response.status, body: parseBody(decodeBody(bytes, contentType), contentType, truncated) }
      if (truncated) data.truncated = true
      if (response.ok) return { success: true, data, metadata: { status: response.status } }
      const statusText = response.statusText === '' ? '' : ` ${response.statusText}`
      return { success: false, data, error: `HTTP ${response.status}${statusText} from ${init.method} ${url}`, metadata: { status: response.status } }
    } catch (error) {
      const reason = describeFetchFailure(error, {
        url,
        timeoutMs,
        timedOut: deadline.timedOut(),
        aborted: context.signal?.aborted === true,
        inBrowser: isBrowserEnvironment()
      })
      return { success: false, error: reason, metadata: { errorCode: deadline.timedOut() ? 'timeout' : 'network_error' } }
    } finally {
      deadline.dispose()
    }
  }
}

/** Makes a tool of one operation of an OpenAPI 3 document. */
export function createOpenAPITool(options: TOpenAPIToolOptions): OpenAPITool {
  return new OpenAPITool(options)
}

/** Makes a tool of every operation of an OpenAPI 3 document, in path then method order. */
export function createOpenAPITools(document: TOpenAPIDocument, options: TOpenAPIToolSharedOptions = {}): OpenAPITool[] {
  return listOpenAPIOperations(document).map(
    ({ method, path, operation }) => new OpenAPITool({ ...options, document, operation: operation.operationId ?? `${method.toUpperCase()} ${path}` })
  )
}

function defaultServerUrl(document: TOpenAPIDocument): string {
  const server = document.servers?.[0]
  if (server === undefined) throw new ConfigurationError('The OpenAPI document names no server: pass baseUrl.')
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole)
}

function parseBody(text: string, contentType: string | null, truncated: boolean): unknown {
  if (truncated || !/\bjson\b/i.test(contentType ?? '') || text.trim() === '') return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    // A server that labels non-JSON as JSON: the text itself is the most useful thing to return.
    return text
  }
}
