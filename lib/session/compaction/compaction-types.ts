/** What started a compaction: the context window filling up, or someone asking. */
export type TCompactionTrigger = 'auto' | 'manual'

/** How a compaction ended: the history replaced by a summary, or left as it was and why. */
export type TCompactionOutcome =
  | {
      compacted: true
      trigger: TCompactionTrigger
      summary: string
      /** Chat messages the history held before. */
      messagesBefore: number
      tokensBefore: number
      tokensAfter: number
    }
  | { compacted: false; trigger: TCompactionTrigger; reason: string }
