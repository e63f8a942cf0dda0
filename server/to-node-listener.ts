/**
 * The part of Node's `http.IncomingMessage` the adapter reads: declared here, so this entry
 * needs no Node types and `http.createServer(toNodeListener(handler))` still type-checks.
 */
export type TNodeRequest = AsyncIterable<Uint8Array | string> & {
  method?: string | undefined
  url?: string | undefined
  headers: Record<string, string | string[] | undefined>
  socket?: { encrypted?: boolean; remoteAddress?: string | undefined } | null
}

/** The part of Node's `http.ServerResponse` the adapter writes to. */
export type TNodeResponse = {
  headersSent: boolean
  writableEnded: boolean
  writeHead(status: number, headers: Record<string, string | string[]>): unknown
  flushHeaders(): void
  write(chunk: Uint8Array): boolean
  end(): unknown
  destroy(): unknown
  once(event: 'drain' | 'close', listener: () => void): unknown
}

/** A Node `http` request listener. */
export type TNodeListener = (request: TNodeRequest, response: TNodeResponse) => void

/**
 * Runs a fetch handler (such as the provider proxy) as a Node `http` request listener:
 * `http.createServer(toNodeListener(handler))`. The response body is written chunk by chunk
 * as the handler's stream yields it, and a client that disconnects aborts the request's
 * `signal`, which stops the upstream call.
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>): TNodeListener {
  return (nodeRequest, nodeResponse) => {
    const abort = new AbortController()
    nodeResponse.once('close', () => {
      if (!nodeResponse.writableEnded) abort.abort()
    })
    void serve(handler, nodeRequest, nodeResponse, abort.signal).catch(() => {
      if (!nodeResponse.headersSent) {
        nodeResponse.writeHead(500, { 'content-type': 'application/json' })
        nodeResponse.write(new TextEncoder().encode(JSON.stringify({ type: 'error', error: { type: 'internal_error', message: 'The server failed to answer.' } })))
        nodeResponse.end()
      } else nodeResponse.destroy()
    })
  }
}

async function serve(handler: (request: Request) => Promise<Response>, nodeRequest: TNodeRequest, nodeResponse: TNodeResponse, signal: AbortSignal): Promise<void> {
  const response = await handler(toRequest(nodeRequest, signal))
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  nodeResponse.writeHead(response.status, headers)
  if (!response.body) return void nodeResponse.end()
  // Sent at once, so a streaming client sees the status before the first event.
  nodeResponse.flushHeaders()
  const reader = response.body.getReader()
  signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true })
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    // A client that went away never drains: its close ends the wait, and the cancelled read the loop.
    if (!nodeResponse.write(read.value)) await new Promise<void>((resume) => (nodeResponse.once('drain', resume), nodeResponse.once('close', resume)))
  }
  nodeResponse.end()
}

function toRequest(nodeRequest: TNodeRequest, signal: AbortSignal): Request {
  const protocol = nodeRequest.socket?.encrypted ? 'https' : 'http'
  const host = typeof nodeRequest.headers.host === 'string' ? nodeRequest.headers.host : 'localhost'
  const headers = new Headers()
  for (const [name, value] of Object.entries(nodeRequest.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each)
  }
  const method = nodeRequest.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers,
    signal,
    ...(hasBody ? { body: toReadableStream(nodeRequest), duplex: 'half' } : {})
  }
  return new Request(`${protocol}://${host}${nodeRequest.url ?? '/'}`, init)
}

function toReadableStream(source: AsyncIterable<Uint8Array | string>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]()
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next()
      if (next.done) controller.close()
      else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value)
    },
    async cancel() {
      await iterator.return?.()
    }
  })
}
