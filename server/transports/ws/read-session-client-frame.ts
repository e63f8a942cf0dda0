import type { TPermissionAnswer } from '../../../lib/session/permission-enforcer-types.ts'
import type { TSessionClientFrame } from './websocket-transport-frames.ts'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isPermissionAnswer(value: unknown): value is TPermissionAnswer {
  return value === 'allow_once' || value === 'deny' || (isRecord(value) && typeof value.allowForSession === 'string')
}

/** Reads a client's text frame (`undefined` for a binary one), or says what is wrong with it. */
export function readSessionClientFrame(text: string | undefined): TSessionClientFrame | string {
  if (text === undefined) return 'binary frames are not read; frames are JSON text'
  let frame: unknown
  try {
    frame = JSON.parse(text)
  } catch (error) {
    return `a frame is not JSON (${error instanceof Error ? error.message : String(error)})`
  }
  if (!isRecord(frame)) return 'a frame must be a JSON object with a "type"'
  switch (frame.type) {
    case 'hello':
      return frame.token === undefined || typeof frame.token === 'string' ? { type: 'hello', ...(typeof frame.token === 'string' ? { token: frame.token } : {}) } : 'the hello\'s "token" must be a string'
    case 'abort':
      return { type: 'abort' }
    case 'prompt':
      if (!Number.isSafeInteger(frame.id)) return 'a prompt needs an integer "id"'
      return typeof frame.text === 'string' ? { type: 'prompt', id: frame.id as number, text: frame.text } : 'a prompt needs its "text" as a string'
    case 'command':
      if (!Number.isSafeInteger(frame.id)) return 'a command needs an integer "id"'
      if (typeof frame.name !== 'string' || (frame.args !== undefined && typeof frame.args !== 'string')) return 'a command needs a "name" string and, optionally, "args" as a string'
      return { type: 'command', id: frame.id as number, name: frame.name, ...(typeof frame.args === 'string' ? { args: frame.args } : {}) }
    case 'permission_answer':
      if (typeof frame.requestId !== 'string') return 'a permission answer needs its "requestId"'
      return isPermissionAnswer(frame.answer) ? { type: 'permission_answer', requestId: frame.requestId, answer: frame.answer } : 'a permission answer is "allow_once", "deny" or { "allowForSession": pattern }'
    default:
      return `unknown frame type ${JSON.stringify(frame.type)}; expected hello, prompt, command, abort or permission_answer`
  }
}
