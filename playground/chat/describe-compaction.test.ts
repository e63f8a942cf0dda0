import { describe, expect, it } from 'vitest'
import { formatTokenCount } from '../../worker/react/format-token-count.ts'
import { describeCompaction, type TCompactionResult } from './describe-compaction.ts'

describe('describeCompaction', () => {
  it.each<[string, TCompactionResult, { text: string; failed: boolean }]>([
    [
      'a compaction asked for',
      { outcome: { compacted: true, trigger: 'manual', summary: 's', messagesBefore: 12, tokensBefore: 48_000, tokensAfter: 1_500 } },
      { text: 'The conversation was compacted: 12 messages became one summary (48K → 1.5K tokens).', failed: false }
    ],
    [
      'a full context window',
      { outcome: { compacted: true, trigger: 'auto', summary: 's', messagesBefore: 3, tokensBefore: 900, tokensAfter: 100 } },
      { text: 'The context window was nearly full, so the conversation was compacted: 3 messages became one summary (900 → 100 tokens).', failed: false }
    ],
    ['nothing to compact', { outcome: { compacted: false, trigger: 'manual', reason: 'too few messages' } }, { text: 'Nothing was compacted: too few messages.', failed: true }],
    ['a failure', { failure: 'The model did not answer.' }, { text: 'The compaction failed: The model did not answer. The conversation is unchanged.', failed: true }]
  ])('words %s', (_name, result, expected) => {
    expect(describeCompaction(result, formatTokenCount)).toEqual(expected)
  })
})
