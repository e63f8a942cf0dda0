import { Box, Text, useInput } from 'ink'
import type { ReactNode } from 'react'
import type { TWorkspaceSyncChange } from '../workspace/workspace-sync-plan.ts'

const MAX_LINES_PER_FILE = 30

/** The changes `/sync` would write to the host directory, and the question whether to write them. */
export function SyncReview({ changes, onDecision }: { changes: readonly TWorkspaceSyncChange[]; onDecision: (write: boolean) => void }): ReactNode {
  useInput((input, key) => {
    if (input === 'y' || input === 'Y') onDecision(true)
    else if (input === 'n' || input === 'N' || key.escape) onDecision(false)
  })
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text bold>/sync would change {changes.length} file{changes.length === 1 ? '' : 's'} in this directory:</Text>
      {changes.map((change) => (
        <Box key={change.path} flexDirection="column">
          <Text color={change.kind === 'delete' ? 'red' : change.kind === 'add' ? 'green' : 'yellow'}>
            {change.kind === 'add' ? 'A' : change.kind === 'delete' ? 'D' : 'M'} {change.path}
            {change.binary ? ' (binary)' : ''}
          </Text>
          {change.diffLines.slice(0, MAX_LINES_PER_FILE).map((line, index) => (
            <Text key={index} {...(line.type === 'add' ? { color: 'green' } : line.type === 'remove' ? { color: 'red' } : { dimColor: true })}>
              {'  '}
              {line.type === 'add' ? '+' : line.type === 'remove' ? '-' : ' '} {line.content}
            </Text>
          ))}
          {change.diffLines.length > MAX_LINES_PER_FILE ? <Text dimColor>  … {change.diffLines.length - MAX_LINES_PER_FILE} more lines</Text> : null}
        </Box>
      ))}
      <Text>
        Write these changes? <Text bold>y</Text>es / <Text bold>n</Text>o
      </Text>
    </Box>
  )
}
