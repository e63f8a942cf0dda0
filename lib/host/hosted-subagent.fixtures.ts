import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { OpenAIProvider } from '../providers/openai/openai-provider.ts'
import type { ISessionStore } from '../storage/session-store.ts'
import type { TFakeLlmServer } from '../testing/fake-llm-server.ts'
import type { THostEvent } from './agent-host.ts'
import { LocalAgentHost, type TLocalAgentHostOptions } from './local-agent-host.ts'

/**
 * A host whose provider talks to `server` with `key`, which the app's factory holds (a server's
 * own key, say: the page's choice names only the kind and model), and runs every tool call
 * unless `permissionMode` says otherwise.
 */
export function hostWithAppKey(server: TFakeLlmServer, store: ISessionStore, key: string, permissionMode: TLocalAgentHostOptions['permissionMode'] = 'bypassPermissions'): LocalAgentHost {
  return new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient(),
    createProvider: () => new OpenAIProvider({ apiKey: key, baseURL: server.openaiBaseURL, maxRetries: 0 }),
    defaultProvider: { kind: 'fake', model: 'test-model' },
    eventIntervalMs: 1,
    permissionMode
  })
}

/** `hostWithAppKey`, with every event it delivers gathered in `heard` from the start. */
export async function heardHostWithAppKey(
  server: TFakeLlmServer,
  store: ISessionStore,
  key: string,
  permissionMode: TLocalAgentHostOptions['permissionMode'] = 'bypassPermissions'
): Promise<{ host: LocalAgentHost; heard: THostEvent[] }> {
  const host = hostWithAppKey(server, store, key, permissionMode)
  const heard: THostEvent[] = []
  await host.subscribe((events) => void heard.push(...events))
  return { host, heard }
}
