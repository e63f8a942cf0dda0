import { Box, Text, useInput } from 'ink'
import { useRef, type ReactNode } from 'react'
import type { TWorkspaceSyncChange } from '../workspace/workspace-sync-plan.ts'

const MAX_LINES_PER_FILE = 30

/**
 * The changes `/sync` would write to the host directory, and the question whether to write them.
 * Decides once: a second key read before the review leaves the screen is ignored.
 */
export function SyncReview({ changes, onDecision }: { changes: readonly TWorkspaceSyncChange[]; onDecision: (write: boolean) => void }): ReactNode {
  const decided = useRef(false)
  const decide = (write: boolean) => {
    if (decided.current) return
    decided.current = true
    onDecision(write)
  }
  useInput((input, key) => {
    // Esc read together with the key typed after it arrives as that key with `meta` (Alt+key): the
    // Esc came first, so it cancels rather than the key writing.
    // "y" and Enter typed at once arrive as one read, "y\r": its first key is the answer.
    const answer = input.charAt(0)
    if (key.escape || key.meta) decide(false)
    else if (answer === 'y' || answer === 'Y') decide(true)
    else if (answer === 'n' || answer === 'N') decide(false)
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
