import { isBrowserRuntime } from './is-browser-runtime.ts'

/** The client options `@anthropic-ai/sdk` and `openai` share (both SDKs are generated alike). */
export type TSdkClientOptions = {
  apiKey: string | null
  baseURL: string
  maxRetries?: number
  timeout?: number
  dangerouslyAllowBrowser?: boolean
}

/**
 * A provider's settings as the Anthropic and OpenAI SDK clients take them: options left out keep
 * the SDK's defaults, and in a browser the client is allowed to run (the caller chose to send
 * its key from there, or gave a proxy's base URL).
 */
export function toSdkClientOptions(settings: { apiKey: string | undefined; baseURL: string; maxRetries: number | undefined; timeout: number | undefined }): TSdkClientOptions {
  const { apiKey, baseURL, maxRetries, timeout } = settings
  return {
    apiKey: apiKey ?? null,
    baseURL,
    ...(maxRetries === undefined ? {} : { maxRetries }),
    ...(timeout === undefined ? {} : { timeout }),
    ...(isBrowserRuntime() ? { dangerouslyAllowBrowser: true } : {})
  }
}
