import type { TOpenAPIDocument } from './openapi-document.ts'

/**
 * Replaces every local `$ref` (`#/components/...`) inside `value` with what it points to, at any
 * depth, so the schema a model sees stands on its own. A reference back into itself (a tree type)
 * becomes `{}` ("any value") at the point it recurs; an unresolvable one throws. OpenAPI 3.0's
 * `nullable: true` is rewritten as the JSON Schema `type: [type, "null"]` along the way.
 */
export function resolveOpenAPIReferences(document: TOpenAPIDocument, value: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((entry) => resolveOpenAPIReferences(document, entry, seen))
  if (value === null || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  if (typeof record.$ref === 'string') {
    const reference = record.$ref
    if (seen.includes(reference)) return {}
    return resolveOpenAPIReferences(document, lookUpReference(document, reference), [...seen, reference])
  }
  const resolved: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(record)) {
    if (key === 'nullable') continue
    resolved[key] = resolveOpenAPIReferences(document, entry, seen)
  }
  if (record.nullable === true && typeof resolved.type === 'string') resolved.type = [resolved.type, 'null']
  return resolved
}

function lookUpReference(document: TOpenAPIDocument, reference: string): unknown {
  if (!reference.startsWith('#/')) throw new Error(`Only references inside the document are supported, not ${reference}`)
  let current: unknown = document
  for (const encoded of reference.slice(2).split('/')) {
    const key = decodeURIComponent(encoded).replaceAll('~1', '/').replaceAll('~0', '~')
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      throw new Error(`The reference ${reference} points to nothing in the document`)
    }
    current = (current as Record<string, unknown>)[key]
  }
  return current
}
