import { Box, Text, useInput } from 'ink'
import type { ReactNode } from 'react'
import type { TPermissionAnswer, TPermissionRequest } from '../../lib/session/permission-enforcer-types.ts'
import { useKeyState } from './use-key-state.ts'

type TChoice = { label: string; answer: TPermissionAnswer }

/** Asks whether a tool call may run: allow once, allow what the pattern covers for the session, or deny. */
export function PermissionPrompt({ request, onAnswer }: { request: TPermissionRequest; onAnswer: (answer: TPermissionAnswer) => void }): ReactNode {
  const choices: TChoice[] = [
    { label: 'Allow once', answer: 'allow_once' },
    { label: `Allow ${request.suggestedPattern} for this session`, answer: { allowForSession: request.suggestedPattern } },
    { label: 'Deny', answer: 'deny' }
  ]
  // Enter must see the arrows pressed just before it.
  const { shown: selected, current, set: select } = useKeyState(0)
  useInput((input, key) => {
    if (key.upArrow) select((current() + choices.length - 1) % choices.length)
    else if (key.downArrow || key.tab) select((current() + 1) % choices.length)
    else if (key.return) onAnswer((choices[current()] as TChoice).answer)
    else if (['1', '2', '3'].includes(input)) onAnswer((choices[Number(input) - 1] as TChoice).answer)
  })
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      {request.subagent ? (
        <Text>
          {request.subagent.agentType} (subagent) wants to run <Text bold>{request.toolName}</Text>:
        </Text>
      ) : (
        <Text>
          <Text bold>{request.toolName}</Text> wants to run:
        </Text>
      )}
      <Text color="cyan">{describeParameters(request.parameters)}</Text>
      {request.reason ? <Text dimColor>{request.reason}</Text> : null}
      {choices.map((choice, index) => (
        <Text key={choice.label} {...(index === selected ? { color: 'yellow' } : {})}>
          {index === selected ? '❯ ' : '  '}
          {index + 1}. {choice.label}
        </Text>
      ))}
    </Box>
  )
}

function describeParameters(parameters: Record<string, unknown>): string {
  const main = parameters.command ?? parameters.file_path ?? parameters.path ?? parameters.pattern ?? parameters.url
  const text = typeof main === 'string' ? main : JSON.stringify(parameters)
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
