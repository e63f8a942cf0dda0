import type { TOpenAPIOperationPlan } from './plan-openapi-operation.ts'

/** The URL and `fetch` options of one operation call. */
export type TOpenAPIRequest = { url: string; init: RequestInit & { method: string; headers: Record<string, string> } }

/**
 * Builds the request for validated arguments: path parameters are percent-encoded into the path,
 * query parameters appended (arrays repeat the key, objects spread their keys, as OpenAPI's default
 * `form` style with `explode` does), headers set, and the body sent as JSON.
 */
export function buildOpenAPIRequest(
  plan: TOpenAPIOperationPlan,
  baseUrl: string,
  parameters: Record<string, unknown>,
  staticHeaders: Record<string, string>
): TOpenAPIRequest {
  let path = plan.path
  const query = new URLSearchParams()
  const headers: Record<string, string> = { accept: 'application/json', ...staticHeaders }
  let body: string | undefined
  for (const binding of plan.bindings) {
    const value = parameters[binding.property]
    if (value === undefined) continue
    if (binding.location === 'path') path = path.replaceAll(`{${binding.name}}`, encodeURIComponent(toText(value)))
    else if (binding.location === 'query') appendQuery(query, binding.name, value)
    else if (binding.location === 'header') headers[binding.name] = toText(value)
    else {
      body = JSON.stringify(value)
      headers['content-type'] = 'application/json'
    }
  }
  const search = query.toString()
  const url = `${baseUrl.replace(/\/+$/, '')}${path}${search === '' ? '' : `?${search}`}`
  return { url, init: { method: plan.method.toUpperCase(), headers, ...(body === undefined ? {} : { body }) } }
}

function appendQuery(query: URLSearchParams, name: string, value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) query.append(name, toText(item))
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) query.append(key, toText(item))
  } else {
    query.append(name, toText(value))
  }
}

function toText(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value)
}
