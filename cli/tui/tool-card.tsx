import { Box, Text } from 'ink'
import type { ReactNode } from 'react'
import type { IToolState } from '../../lib/session/interactive-session-types.ts'

const MAX_DIFF_LINES_SHOWN = 20

/** One tool call: its name and main argument, running or how it ended, and an edit's diff. */
export function ToolCard({ tool }: { tool: IToolState }): ReactNode {
  const status = tool.isRunning ? { mark: '…', color: 'yellow', label: 'running' } : OUTCOMES[tool.result ?? 'success']
  const diff = tool.diffLines ?? []
  return (
    <Box flexDirection="column" marginLeft={1}>
      <Text>
        <Text color={status.color}>{status.mark} </Text>
        <Text bold>{tool.toolName}</Text>
        <Text>({tool.firstArg})</Text>
        <Text dimColor> {status.label}</Text>
      </Text>
      {diff.length > 0 ? (
        <Box flexDirection="column" marginLeft={2}>
          {tool.diffFile ? <Text dimColor>{tool.diffFile}</Text> : null}
          {diff.slice(0, MAX_DIFF_LINES_SHOWN).map((line, index) => (
            <Text key={index} {...(line.type === 'add' ? { color: 'green' } : line.type === 'remove' ? { color: 'red' } : { dimColor: true })}>
              {line.type === 'add' ? '+ ' : line.type === 'remove' ? '- ' : '  '}
              {line.content}
            </Text>
          ))}
          {diff.length > MAX_DIFF_LINES_SHOWN ? <Text dimColor>… {diff.length - MAX_DIFF_LINES_SHOWN} more lines</Text> : null}
        </Box>
      ) : null}
    </Box>
  )
}

const OUTCOMES = {
  success: { mark: '✓', color: 'green', label: 'done' },
  error: { mark: '✗', color: 'red', label: 'failed' },
  denied: { mark: '⊘', color: 'red', label: 'denied' }
} as const
