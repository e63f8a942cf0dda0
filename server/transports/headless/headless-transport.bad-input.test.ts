import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../../../lib/testing/suite-totals.ts'
import { openHeadless } from './headless-session.fixtures.ts'

// Lines a client may get wrong: each is answered by one error line naming the line number and
// what was wrong, nothing runs, and the session answers the next good line as if nothing happened.

const SUITE = 'headless transport bad inputs'

type TBadLine = { name: string; line: string; code: string; message: RegExp }

const CORPUS: TBadLine[] = [
  { name: 'text that is not JSON', line: 'list the files please', code: 'invalid_json', message: /^line \d+: not valid JSON: / },
  { name: 'JSON cut short', line: '{"type":"submit","prompt":"hi"', code: 'invalid_json', message: /^line \d+: not valid JSON: / },
  { name: 'a JSON array', line: '["submit","hi"]', code: 'invalid_request', message: /^line \d+: \(root\): / },
  { name: 'a JSON string', line: '"hi"', code: 'invalid_request', message: /^line \d+: \(root\): / },
  { name: 'an unknown request type', line: '{"type":"run","prompt":"hi"}', code: 'invalid_request', message: /^line \d+: type: expected "submit", "command", "list_commands", "history", "abort" or "permission"$/ },
  { name: 'a submit with no prompt', line: '{"type":"submit"}', code: 'invalid_request', message: /^line \d+: prompt: / },
  { name: 'a blank prompt', line: '{"type":"submit","prompt":"   "}', code: 'invalid_request', message: /^line \d+: prompt: the prompt is empty$/ },
  { name: 'a prompt that is a number', line: '{"type":"submit","prompt":42}', code: 'invalid_request', message: /^line \d+: prompt: / },
  { name: 'an unknown field', line: '{"type":"abort","force":true}', code: 'invalid_request', message: /^line \d+: \(root\): .*force/ },
  { name: 'a command with no name', line: '{"type":"command","args":"plan"}', code: 'invalid_request', message: /^line \d+: name: / },
  { name: 'an unknown command', line: '{"type":"command","name":"deploy"}', code: 'unknown_command', message: /^line \d+: Unknown command "deploy"\. Known commands: help, / },
  { name: 'a permission answer that is not one', line: '{"type":"permission","id":"x","answer":"yes"}', code: 'invalid_request', message: /^line \d+: answer: expected "allow_once", "deny" or \{ "allowForSession": "<pattern>" \}$/ },
  { name: 'an answer to no waiting request', line: '{"type":"permission","id":"nobody-asked","answer":"allow_once"}', code: 'unknown_permission', message: /^line \d+: no permission request "nobody-asked" is waiting\.$/ },
  { name: 'a line over the limit', line: JSON.stringify({ type: 'submit', prompt: 'x'.repeat(3000) }), code: 'line_too_long', message: /^line \d+: \d+ characters, more than the 2000 a line may have\.$/ }
]

const served = openHeadless([{ text: 'Still here.' }], {}, 0, { maxLineCharacters: 2000 })
beforeAll(() => served.transport.start())
afterAll(async () => {
  await served.transport.stop()
  await served.session.dispose()
})

describe('HeadlessTransport refuses a bad line with an error line naming it, and stays usable', () => {
  it('holds at least 10 bad lines', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(10)
  })

  it.each(CORPUS.map((entry, index) => ({ ...entry, lineNumber: index + 1 })))('$name', async ({ line, code, message, lineNumber }) => {
    served.send(line)
    const error = await served.waitForLine((written) => written.type === 'error' && written.line === lineNumber)
    expect(error).toEqual({ type: 'error', line: lineNumber, code, message: expect.stringMatching(message) })
    expect(String(error.message)).toContain(`line ${lineNumber}:`)
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('runs the next good line after all of them, and ran nothing before it', async () => {
    // Only the session's start reported anything (its context state): no reply, no turn began.
    expect(served.lines.filter((line) => line.type !== 'error').map((line) => (line.event as { type: string } | undefined)?.type)).toEqual(['context_update'])
    served.send({ type: 'submit', prompt: 'are you there?' })
    expect(await served.waitForLine((line) => line.type === 'result')).toMatchObject({ line: CORPUS.length + 1, result: { response: 'Still here.' } })
  })
})
