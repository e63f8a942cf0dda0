import * as z from 'zod'
import { createDeadlineSignal } from '../http/deadline-signal.ts'
import { describeFetchFailure, isBrowserEnvironment } from '../http/describe-fetch-failure.ts'
import { decodeBody, readLimitedBody } from '../http/read-limited-body.ts'
import { BuiltinTool } from './builtin-tool.ts'
import { htmlToText } from './html-to-text.ts'
import { isBinaryContent } from './text-content.ts'
import type { TToolResult } from './tool-result.ts'
import { truncateMiddle } from './truncate-middle.ts'

/** How long WebFetch waits for a page, in milliseconds. */
export const WEB_FETCH_TIMEOUT_MS = 30_000
/** How much of a response WebFetch downloads, in bytes. */
export const WEB_FETCH_MAX_BYTES = 5 * 1024 * 1024
const DEFAULT_MAX_OUTPUT_CHARACTERS = 100_000
const BINARY_TYPES = /^(image|audio|video|font)\/|^application\/(pdf|zip|gzip|x-tar|octet-stream|vnd\.|x-7z|x-rar|wasm)/i

/** Options for `createWebFetchTool`. */
export type TWebFetchToolOptions = {
  /** The `fetch` to call; defaults to the global one. */
  fetch?: typeof fetch
  /** Deadline in milliseconds; defaults to 30 s. */
  timeoutMs?: number
  /** Bytes downloaded at most; defaults to 5 MB. */
  maxBytes?: number
  /** Characters of text returned at most; defaults to 100,000. */
  maxOutputCharacters?: number
}

const webFetchParameters = z.strictObject({
  url: z
    .string()
    .max(8192)
    .refine(isHttpUrl, 'must be an absolute http:// or https:// URL')
    .describe('The http(s) URL to fetch')
})

/**
 * The `WebFetch` tool: downloads a page (30 s deadline, 5 MB cap) and returns it as readable text,
 * HTML converted by `htmlToText`. Binary content is refused; in a browser, a request CORS blocks
 * comes back with a message saying so.
 */
export function createWebFetchTool(options: TWebFetchToolOptions = {}): BuiltinTool<typeof webFetchParameters> {
  const timeoutMs = options.timeoutMs ?? WEB_FETCH_TIMEOUT_MS
  return new BuiltinTool(
    'WebFetch',
    'Fetches a web page or text file by URL and returns its content as readable text.',
    webFetchParameters,
    async ({ url }, context): Promise<TToolResult> => {
      const deadline = createDeadlineSignal(timeoutMs, context.signal)
      const fetchImplementation = options.fetch ?? globalThis.fetch
      try {
        const response = await fetchImplementation(url, {
          redirect: 'follow',
          signal: deadline.signal,
          headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.5' }
        })
        const contentType = response.headers.get('content-type') ?? ''
        if (BINARY_TYPES.test(contentType)) {
          await response.body?.cancel().catch(() => undefined)
          return { success: false, output: '', error: `${url} is ${contentType.split(';')[0]}, not text; WebFetch reads HTML and text.` }
        }
        const { bytes, truncated } = await readLimitedBody(response, options.maxBytes ?? WEB_FETCH_MAX_BYTES)
        if (isBinaryContent(bytes)) return { success: false, output: '', error: `${url} returned binary content; WebFetch reads HTML and text.` }
        const finalUrl = response.url === '' ? url : response.url
        const text = toReadableText(decodeBody(bytes, contentType), contentType, finalUrl)
        const header = [`URL: ${finalUrl}`, `Status: ${response.status}`, `Content-Type: ${contentType || 'unknown'}`]
        if (truncated) header.push(`(the response was cut at ${options.maxBytes ?? WEB_FETCH_MAX_BYTES} bytes)`)
        const output = `${header.join('\n')}\n\n${truncateMiddle(text, options.maxOutputCharacters ?? DEFAULT_MAX_OUTPUT_CHARACTERS)}`
        if (response.ok) return { success: true, output }
        return { success: false, output, error: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} from ${finalUrl}` }
      } catch (error) {
        const aborted = context.signal?.aborted === true
        const message = describeFetchFailure(error, { url, timeoutMs, timedOut: deadline.timedOut(), aborted, inBrowser: isBrowserEnvironment() })
        return { success: false, output: '', error: message }
      } finally {
        deadline.dispose()
      }
    }
  )
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

function toReadableText(body: string, contentType: string, url: string): string {
  const looksLikeHtml = /html/i.test(contentType) || (contentType === '' && /^\s*(<!doctype html|<html)/i.test(body))
  return looksLikeHtml ? htmlToText(body, url) : body
}
