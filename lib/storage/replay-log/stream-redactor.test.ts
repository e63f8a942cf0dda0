import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { REDACTED, redactSecretText } from './redact-secrets.ts'
import { recordSuiteTotal } from '../../testing/suite-totals.ts'
import { StreamRedactor } from './stream-redactor.ts'

const SUITE = 'stream redaction'
const KEY = 'sk-ant-api03-CUTHEREq8Wm3Zx6Cv9Bn2Lk5Jh'
const KEY_BODY = KEY.slice('sk-ant-api03-'.length)

let seq = 0
function envelope<TType extends TExecutionEventEnvelope['type']>(type: TType, data: Extract<TExecutionEventEnvelope, { type: TType }>['data']): TExecutionEventEnvelope {
  return { seq: seq++, ts: 0, sessionId: 's', executionId: 'e', round: 1, type, data } as TExecutionEventEnvelope
}

const delta = (sequence: number, text: string) => envelope('provider_stream_raw_delta', { sequence, delta: text })
// Shaped like an Anthropic `content_block_delta`, which arrives just before its delta.
const native = (sequence: number, text: string) =>
  envelope('provider_native_raw_payload', {
    provider: 'anthropic',
    payloadKind: 'stream_event',
    sequence,
    payload: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }
  })

function collect(secrets: readonly string[] = []) {
  const out: TExecutionEventEnvelope[] = []
  const redactor = new StreamRedactor((event) => void out.push(event), secrets)
  const text = () => out.flatMap((event) => (event.type === 'provider_stream_raw_delta' ? [event.data.delta] : [])).join('')
  return { out, redactor, text }
}

function streamInPieces(pieces: readonly string[], secrets: readonly string[] = [], withNative = false) {
  const run = collect(secrets)
  pieces.forEach((piece, index) => {
    if (withNative) run.redactor.push(native(index, piece))
    run.redactor.push(delta(index, piece))
  })
  run.redactor.push(envelope('provider_response_raw', { response: { role: 'assistant', content: pieces.join('') } as never, responseKind: 'provider-normalized-message' }))
  return run
}

/** Every way to cut `text` in two, and in three around the key. */
function cuts(text: string): string[][] {
  const all: string[][] = []
  for (let at = 1; at < text.length; at++) all.push([text.slice(0, at), text.slice(at)])
  const keyAt = text.indexOf(KEY)
  for (let first = keyAt - 2; first < keyAt + KEY.length; first += 3) {
    for (let second = first + 1; second < keyAt + KEY.length + 2; second += 5) all.push([text.slice(0, first), text.slice(first, second), text.slice(second)])
  }
  return all.filter((pieces) => pieces.every((piece) => piece !== ''))
}

describe('StreamRedactor', () => {
  it.each([
    ['a key-shaped key', `Your key is ${KEY}. Keep it safe, see the docs.`, []],
    ['a key in a bearer header', `Send "Authorization: Bearer ${KEY_BODY}xyz" and sleep.`, []],
    ['a known key of no particular shape', 'The token is zq81Hw0Ppl3mXv, said Bob.', ['zq81Hw0Ppl3mXv']]
  ] as const)('%s cut anywhere never survives, and the text is otherwise the same, in order', (_label, text, secrets) => {
    const secret = secrets[0] ?? (text.includes('Bearer') ? KEY_BODY : KEY)
    let checked = 0
    for (const pieces of cuts(text)) {
      const { out, text: shown } = streamInPieces(pieces, secrets, true)
      const everything = JSON.stringify(out)
      expect(everything, `cut ${JSON.stringify(pieces)}`).not.toContain(secret)
      // Not even the secret's tail, which a cut leaves without its key-shaped start.
      expect(everything, `cut ${JSON.stringify(pieces)}`).not.toContain(secret.slice(-12))
      expect(shown(), `cut ${JSON.stringify(pieces)}`).toBe(redactSecretText(text, secrets))
      // One delta out per delta in, in order.
      const deltas = out.filter((event) => event.type === 'provider_stream_raw_delta')
      expect(deltas.map((event) => event.data.sequence)).toEqual(pieces.map((_piece, index) => index))
      expect(out.map((event) => event.seq)).toEqual([...out.map((event) => event.seq)].sort((left, right) => left - right))
      checked++
    }
    recordSuiteTotal(SUITE, 'securityChecks', checked)
    expect(checked).toBeGreaterThan(40)
  })

  it('lets ordinary text out at once, as it came, and holds back only what could start a key', () => {
    const { out, redactor } = collect()
    const first = delta(0, 'The answer is 42, ')
    redactor.push(first)
    expect(out).toEqual([first])
    expect(out[0]).toBe(first)
    redactor.push(delta(1, 'and the key is sk-ant-'))
    expect(out).toHaveLength(1)
    redactor.push(delta(2, 'api03-ABCDEFGHIJKLMNOPQRSTUV'))
    expect(out).toHaveLength(1)
    redactor.push(delta(3, ' ok'))
    expect(out.map((event) => (event.type === 'provider_stream_raw_delta' ? event.data.delta : ''))).toEqual(['The answer is 42, ', `and the key is ${REDACTED}`, '', ' ok'])
  })

  it('lets held text out at the end of the text block, unchanged when it was no key', () => {
    const { out, redactor, text } = collect()
    redactor.push(delta(0, 'Choose between A and B'))
    expect(out).toHaveLength(0)
    redactor.push(envelope('assistant_message_committed', { message: { role: 'assistant', content: 'Choose between A and B' } as never }))
    expect(text()).toBe('Choose between A and B')
    expect(out.map((event) => event.type)).toEqual(['provider_stream_raw_delta', 'assistant_message_committed'])
  })

  it('ends the text block when a new provider call starts its deltas again', () => {
    const { out, redactor, text } = collect()
    redactor.push(delta(0, 'see sk'))
    redactor.push(delta(0, '-proj-ABCDEFGHIJKLMNOPQRSTUV'))
    redactor.end()
    // Two calls' texts are not one text: neither is a key alone.
    expect(text()).toBe('see sk-proj-ABCDEFGHIJKLMNOPQRSTUV')
    expect(out).toHaveLength(2)
  })

  it('hides a key found in the stream in every later event, wherever it appears', () => {
    const { out, redactor } = streamInPieces(['key zq81Hw0P', 'pl3mXv end'], ['zq81Hw0Ppl3mXv'])
    redactor.push(envelope('tool_execution_request', { batchId: 'b', index: 0, toolName: 'Bash', toolCallId: 'c', parameters: { command: 'echo zq81Hw0Ppl3mXv' }, ownerPath: [] }))
    expect(JSON.stringify(out)).not.toContain('zq81Hw0Ppl3mXv')
    expect(JSON.stringify(out.at(-1))).toContain(`echo ${REDACTED}`)
  })
})

// A tool call's arguments stream as fragments of JSON inside each surface's native events.
const ARGUMENT_FRAGMENT_SHAPES = {
  'Anthropic Messages': (index: number, piece: string) => ({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: piece } }),
  'OpenAI Responses': (index: number, piece: string) => ({ type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, sequence_number: index, delta: piece }),
  'OpenAI Chat Completions': (_index: number, piece: string) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] } }]
  })
} as const

function streamToolArguments(surface: keyof typeof ARGUMENT_FRAGMENT_SHAPES, pieces: readonly string[], secrets: readonly string[]) {
  const run = collect(secrets)
  run.redactor.push(delta(0, 'Running it.'))
  pieces.forEach((piece, index) => {
    const payload = ARGUMENT_FRAGMENT_SHAPES[surface](index, piece)
    run.redactor.push(envelope('provider_native_raw_payload', { provider: surface, payloadKind: 'stream_event', sequence: index + 1, payload }))
  })
  const toolCall = { id: 'call_1', name: 'Bash', arguments: JSON.parse(pieces.join('')) as Record<string, unknown> }
  run.redactor.push(envelope('provider_response_raw', { response: { role: 'assistant', content: 'Running it.', toolCalls: [toolCall] } as never, responseKind: 'provider-normalized-message' }))
  return run
}

describe("StreamRedactor's writes", () => {
  it('hands back what the write of the last event it let out returned, and nothing while it holds the event back', async () => {
    const written: string[] = []
    const redactor = new StreamRedactor(async (event) => {
      await Promise.resolve()
      written.push(event.type)
    })
    const held = redactor.push(delta(0, 'The key is sk-ant-'))
    expect(held).toBeUndefined()
    const released = redactor.push(envelope('history_mutation', { index: 0, message: { role: 'assistant', content: 'done' } } as never))
    expect(released).toBeInstanceOf(Promise)
    await released
    // The held delta went out first; the promise is the last write's, so both are done.
    expect(written).toEqual(['provider_stream_raw_delta', 'history_mutation'])
  })
})

describe('StreamRedactor on tool-call arguments', () => {
  const surfaces = Object.keys(ARGUMENT_FRAGMENT_SHAPES) as Array<keyof typeof ARGUMENT_FRAGMENT_SHAPES>
  it.each(surfaces.flatMap((surface) => [
    [surface, 'a key-shaped key', []],
    [surface, 'the provider key, of no particular shape', ['zq81Hw0Ppl3mXvT7']]
  ] as const))('%s: %s cut anywhere across argument fragments never survives in any event', (surface, _label, secrets) => {
    const secret = secrets[0] ?? KEY
    const argumentsJson = JSON.stringify({ command: `curl -H "x-api-key: ${secret}" https://example.test` })
    const keyAt = argumentsJson.indexOf(secret)
    let checked = 0
    for (let first = keyAt - 3; first < keyAt + secret.length + 3; first++) {
      for (const second of [first + 1, first + 5, first + 11]) {
        const pieces = [argumentsJson.slice(0, first), argumentsJson.slice(first, second), argumentsJson.slice(second)].filter((piece) => piece !== '')
        const { out } = streamToolArguments(surface, pieces, secrets)
        const everything = JSON.stringify(out)
        expect(everything, `cut ${JSON.stringify(pieces)}`).not.toContain(secret)
        expect(everything, `cut ${JSON.stringify(pieces)}`).not.toContain(secret.slice(-12))
        expect(everything, `cut ${JSON.stringify(pieces)}`).not.toContain(secret.slice(0, 12))
        // Everything else of the arguments is still there, and every event left in order.
        expect(everything).toContain('https://example.test')
        expect(out.map((event) => event.seq)).toEqual([...out.map((event) => event.seq)].sort((left, right) => left - right))
        checked++
      }
    }
    recordSuiteTotal(SUITE, 'securityChecks', checked)
    expect(checked).toBeGreaterThan(40)
  })

  it('leaves fragments alone when they hold no piece of a secret', () => {
    const pieces = ['{"command":', '"ls -la ', 'src"}']
    const { out } = streamToolArguments('Anthropic Messages', pieces, ['zq81Hw0Ppl3mXvT7'])
    const fragments = out.flatMap((event) => (event.type === 'provider_native_raw_payload' ? [(event.data.payload as { delta: { partial_json: string } }).delta.partial_json] : []))
    expect(fragments).toEqual(pieces)
  })
})

describe('StreamRedactor on endless key characters', () => {
  it('holds back a bounded amount: a key-shaped run longer than any key is decided and redacted whole', () => {
    const { out, redactor, text } = collect()
    redactor.push(delta(0, 'blob sk-'))
    for (let index = 1; index <= 200; index++) redactor.push(delta(index, 'A'.repeat(100)))
    // Most of the run was let out (redacted) before the text ended.
    expect(out.length).toBeGreaterThan(100)
    expect(text()).toMatch(/^blob \[REDACTED\]/)
    expect(text()).not.toContain('sk-')
  })
})
