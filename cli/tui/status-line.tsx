import { Box, Text } from 'ink'
import type { ReactNode } from 'react'
import type { IContextWindowState } from '../../lib/core/context/estimation.ts'

/** What the status line shows. */
export type TStatusLineProps = { model: string; mode: string; context: IContextWindowState; sessionId: string; running: boolean }

/** The bottom line: model, permission mode, context use, session id, and how to interrupt. */
export function StatusLine({ model, mode, context, sessionId, running }: TStatusLineProps): ReactNode {
  const percentage = Math.round(context.usedPercentage)
  const contextColor = percentage >= 80 ? 'red' : percentage >= 60 ? 'yellow' : 'green'
  return (
    <Box paddingX={1}>
      <Text dimColor>
        <Text color="magenta">{model}</Text> · mode <Text color="cyan">{mode}</Text> · context{' '}
        <Text color={contextColor}>{percentage}%</Text>
        {context.maxTokens > 0 ? ` of ${context.maxTokens.toLocaleString('en-US')}` : ''} · session {sessionId.slice(0, 8)}
        {running ? ' · esc to interrupt' : ''}
      </Text>
    </Box>
  )
}
