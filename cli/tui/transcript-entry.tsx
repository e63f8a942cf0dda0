import { Box, Text } from 'ink'
import type { ReactNode } from 'react'
import { MarkdownText } from './markdown-text.tsx'
import type { TTranscriptItem } from './session-transcript.ts'
import { ToolCard } from './tool-card.tsx'

const NOTICE_COLORS = { info: 'gray', warning: 'yellow', error: 'red' } as const

/** One transcript entry: the user's prompt, an answer in Markdown, a tool card or a notice. */
export function TranscriptEntry({ item }: { item: TTranscriptItem }): ReactNode {
  switch (item.kind) {
    case 'user':
      return (
        <Box marginTop={1}>
          <Text color="cyan">❯ </Text>
          <Text>{item.text}</Text>
        </Box>
      )
    case 'assistant':
      return (
        <Box marginLeft={2}>
          <MarkdownText text={item.text} />
        </Box>
      )
    case 'tool':
      return <ToolCard tool={item.tool} />
    case 'notice':
      return (
        <Box marginLeft={2}>
          <Text color={NOTICE_COLORS[item.tone]}>{item.text}</Text>
        </Box>
      )
  }
}
