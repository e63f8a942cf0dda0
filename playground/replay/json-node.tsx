type TJsonNodeProps = { name?: string; value: unknown; depth: number }

const OPEN_DEPTH = 2
const LONG_STRING = 400

/** One value of the JSON inspector: objects and arrays fold open to a depth, long strings are clipped. */
export function JsonNode({ name, value, depth }: TJsonNodeProps) {
  const label = name === undefined ? null : <span className="json-key">{name}: </span>
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value)
    const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`
    if (entries.length === 0) {
      return (
        <div className="json-leaf">
          {label}
          <span className="json-punctuation">{Array.isArray(value) ? '[]' : '{}'}</span>
        </div>
      )
    }
    return (
      <details className="json-branch" open={depth < OPEN_DEPTH}>
        <summary>
          {label}
          <span className="json-punctuation">{summary}</span>
        </summary>
        <div className="json-children">
          {entries.map(([key, item]) => (
            <JsonNode key={key} name={key} value={item} depth={depth + 1} />
          ))}
        </div>
      </details>
    )
  }
  return (
    <div className="json-leaf">
      {label}
      <JsonScalar value={value} />
    </div>
  )
}

function JsonScalar({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    const clipped = value.length > LONG_STRING ? `${value.slice(0, LONG_STRING)}… (${value.length} characters)` : value
    return <span className="json-string">{JSON.stringify(clipped)}</span>
  }
  if (typeof value === 'number') return <span className="json-number">{value}</span>
  if (typeof value === 'boolean' || value === null) return <span className="json-literal">{String(value)}</span>
  return <span className="json-literal">{String(value)}</span>
}
