import { describe, expect, it } from 'vitest'
import { ValidationError } from '../core/errors.ts'
import type { TPermissionAnswer, TPermissionRequest } from '../session/permission-enforcer-types.ts'
import type { THostEvent } from './agent-host.ts'
import { PermissionBroker } from './permission-broker.ts'

const BASH_CALL: TPermissionRequest = { toolName: 'Bash', toolCallId: 'call_1', parameters: { command: 'ls' }, mode: 'default', suggestedPattern: 'Bash(ls)' }

function askOnce() {
  const published: THostEvent[] = []
  const broker = new PermissionBroker((event) => published.push(event))
  const answered = broker.handlerFor('session-1')(BASH_CALL)
  const asked = published.find((event) => event.kind === 'permission_request')
  if (asked?.kind !== 'permission_request') throw new Error('the broker published no prompt')
  return { broker, answered, requestId: asked.requestId, published }
}

describe('PermissionBroker.answer', () => {
  it.each([['allow'], [true], [{ allowForSession: 42 }], [null]])('refuses %j, naming it and the answers it takes, and the prompt keeps waiting', async (bad) => {
    const { broker, answered, requestId, published } = askOnce()
    const answer = () => broker.answer('session-1', requestId, bad as TPermissionAnswer)
    expect(answer).toThrow(ValidationError)
    expect(answer).toThrow(
      `answerPermission was given ${JSON.stringify(bad)}, which is not an answer; it must be 'allow_once', 'deny' or { allowForSession: pattern }.`
    )
    expect(broker.pendingFor('session-1').map((pending) => pending.requestId)).toEqual([requestId])
    expect(published.some((event) => event.kind === 'permission_settled')).toBe(false)

    broker.answer('session-1', requestId, { allowForSession: 'Bash(ls *)' })
    await expect(answered).resolves.toEqual({ allowForSession: 'Bash(ls *)' })
    expect(broker.pendingFor('session-1')).toEqual([])
  })

  it('refuses an answer to a prompt that is not waiting in the session', () => {
    const { broker, requestId } = askOnce()
    expect(() => broker.answer('session-2', requestId, 'allow_once')).toThrow(`No permission prompt "${requestId}" is waiting in session session-2.`)
  })
})
