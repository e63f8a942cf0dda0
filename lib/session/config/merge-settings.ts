/** A JSON-shaped value as settings files hold them. */
type TJsonValue = unknown

function isPlainObject(value: TJsonValue): value is Record<string, TJsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Deep-merges settings layers, lowest precedence first: objects merge key by key, a scalar of a
 * higher layer replaces a lower one, and lists are concatenated without repeats, so a deny
 * pattern or a hook group of a lower layer is never silently dropped by a higher one.
 */
export function mergeSettingsLayers<TValue extends Record<string, unknown>>(layers: readonly TValue[]): TValue {
  let merged: Record<string, TJsonValue> = {}
  for (const layer of layers) merged = mergeObjects(merged, layer)
  return merged as TValue
}

function mergeObjects(lower: Record<string, TJsonValue>, higher: Record<string, TJsonValue>): Record<string, TJsonValue> {
  const result: Record<string, TJsonValue> = { ...lower }
  for (const [key, value] of Object.entries(higher)) {
    if (value === undefined) continue
    result[key] = mergeValues(result[key], value)
  }
  return result
}

function mergeValues(lower: TJsonValue, higher: TJsonValue): TJsonValue {
  if (isPlainObject(lower) && isPlainObject(higher)) return mergeObjects(lower, higher)
  if (Array.isArray(lower) && Array.isArray(higher)) {
    const seen = new Set<string>()
    const items: TJsonValue[] = []
    for (const item of [...lower, ...higher]) {
      const key = JSON.stringify(item)
      if (seen.has(key)) continue
      seen.add(key)
      items.push(item)
    }
    return items
  }
  return higher
}
