import { vi } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { IAIProvider } from '../../../lib/core/provider.ts'
import { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import type { TInteractiveSessionOptions } from '../../../lib/session/interactive-session-types.ts'
import type { TTransportEvent } from '../transport-event.ts'
import { createHttpTransport, type THttpTransportOptions } from './http-transport.ts'

export const TOKEN = 'http-transport-token-0123456789'

/** A session served by a started HTTP transport on 127.0.0.1, with a fetch that sends the token. */
export async function openHttp(provider: IAIProvider, options: Partial<TInteractiveSessionOptions> = {}, transportOptions: Partial<THttpTransportOptions> = {}) {
  const transport = createHttpTransport({ token: TOKEN, ...transportOptions })
  const sandbox = new InMemorySandboxClient({ files: { 'notes.txt': 'hello' }, cwd: '/workspace' })
  const session = new InteractiveSession({ provider, sandbox, cwd: '/workspace', permissionHandler: transport.permissionHandler, ...options })
  session.attachTransport(transport)
  await transport.start()
  const url = transport.address.url
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init
    return fetch(`${url}${path}`, {
      ...rest,
      ...(json === undefined ? {} : { method: 'POST', body: JSON.stringify(json) }),
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...(rest.headers as Record<string, string> | undefined) }
    })
  }
  const close = async () => {
    await transport.stop()
    await session.dispose()
  }
  return { transport, session, sandbox, url, call, close }
}

/** Reads `GET /events` as it streams, parsing each Server-Sent Event. */
export async function readEvents(url: string, token = TOKEN) {
  const controller = new AbortController()
  const response = await fetch(`${url}/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal })
  const events: TTransportEvent[] = []
  const names: string[] = []
  const reading = (async () => {
    if (!response.body) return
    const decoder = new TextDecoder()
    let buffered = ''
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk, { stream: true })
        const messages = buffered.split('\n\n')
        buffered = messages.pop() ?? ''
        for (const message of messages) {
          const name = /^event: (.+)$/m.exec(message)?.[1]
          const data = /^data: (.+)$/m.exec(message)?.[1]
          if (name && data) {
            names.push(name)
            events.push(JSON.parse(data) as TTransportEvent)
          }
        }
      }
    } catch {
      // Aborted by the test or ended by the server.
    }
  })()
  const waitFor = <TType extends TTransportEvent['type']>(type: TType) =>
    vi.waitFor(
      () => {
        const found = events.find((event) => event.type === type)
        if (!found) throw new Error(`no ${type} event yet among ${events.map((event) => event.type).join(', ')}`)
        return found as Extract<TTransportEvent, { type: TType }>
      },
      { timeout: 5000, interval: 10 }
    )
  return { response, events, names, waitFor, ended: reading, stop: () => controller.abort() }
}
