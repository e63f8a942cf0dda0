// An app's worker that talks to Anthropic through its own server's provider proxy: the browser
// holds no key. The server knows the user by the session cookie the SDK's same-origin requests
// carry; the SDK insists on a key, so it gets a placeholder the proxy throws away.
import { exposeAgentHost } from 'robota/worker'
import { AnthropicProvider } from 'robota/providers/anthropic'

const PROXY_URL = new URL('/api/llm/anthropic', self.location.origin).href

exposeAgentHost({
  providers: {
    anthropic: () => new AnthropicProvider({ apiKey: 'placeholder-the-proxy-holds-the-key', baseURL: PROXY_URL, maxRetries: 0 })
  },
  defaultProvider: { kind: 'anthropic', model: 'claude-haiku-4-5' },
  store: { databaseName: 'robota-provider-proxy' }
})
