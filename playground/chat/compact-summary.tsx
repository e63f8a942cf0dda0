import { memo } from 'react'

/**
 * The message a compaction left in place of the conversation before it: the summary the model now
 * reads, folded under a line that says so. It was written for the model, not by the person, so it
 * offers no Edit or Retry.
 */
export const CompactSummary = memo(function CompactSummary({ text }: { text: string }) {
  return (
    <details className="message compact-summary">
      <summary>Earlier conversation, summarized</summary>
      <p>{text}</p>
    </details>
  )
})
