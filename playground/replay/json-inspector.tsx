import { useState } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { JsonNode } from './json-node.tsx'

type TJsonInspectorProps = { event: TExecutionEventEnvelope | undefined; onClose: () => void }

/** The selected replay event as a foldable JSON tree, with a copy button for the raw JSON. */
export function JsonInspector({ event, onClose }: TJsonInspectorProps) {
  const [copied, setCopied] = useState(false)
  if (!event) return <p className="note inspector-empty">Select an event to inspect its JSON.</p>

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(event, null, 2))
      setCopied(true)
      setTimeout(() => setCopied(false), 1500)
    } catch {
      setCopied(false)
    }
  }

  return (
    <section className="inspector" aria-label="Event inspector">
      <div className="inspector-head">
        <h3>
          #{event.seq} {event.type}
        </h3>
        <button type="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy JSON'}
        </button>
        <button type="button" onClick={onClose} aria-label="Close the inspector">
          Close
        </button>
      </div>
      <div className="json-tree">
        <JsonNode value={event} depth={0} />
      </div>
    </section>
  )
}
