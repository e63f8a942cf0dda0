// Every entry point a web or Node app without vendor SDKs imports, checked strict (exact optional properties too) with library checks on.
import * as z from 'zod'
import { InteractiveSession, Robota, createQuery, createZodFunctionTool, evaluatePermission, type IAIProvider } from 'robota'
import { InMemorySandboxClient, applyWorkspaceManifest, type ISandboxClient } from 'robota/sandbox'
import { IndexedDBSessionStore } from 'robota/storage/indexeddb'
import { createAgentClient, exposeAgentHost, type IAgentClient, type TAgentWorkerOptions } from 'robota/worker'
import { ScriptedProvider, startFakeLlmServer } from 'robota/testing'
import { defineRobotaPlayground, type RobotaPlaygroundElement } from 'robota/embed'

const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), async ({ a, b }) => ({ sum: a + b }))
const provider: IAIProvider = new ScriptedProvider([{ text: 'hi' }])
const sandbox: ISandboxClient = new InMemorySandboxClient({ files: { 'README.md': '# hi' }, cwd: '/workspace' })
const agent = new Robota({ name: 'typed', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'demo' }, tools: [add] })
const options: TAgentWorkerOptions = { providers: { scripted: () => provider }, defaultProvider: { kind: 'scripted', model: 'demo' }, tools: [add] }
const startClient = (): IAgentClient => createAgentClient(() => new Worker(new URL('./agent.worker.js', import.meta.url), { type: 'module' }))
const embed: RobotaPlaygroundElement = document.createElement('robota-playground')
defineRobotaPlayground()
const decision: string = evaluatePermission('Bash', { command: 'ls' }, 'default', { allow: ['Bash(ls)'], deny: [] })
const answer = agent.run('Add 2 and 3', { output: z.object({ sum: z.number() }) }).then((result) => result.output?.sum)
// Inferred, not annotated: the app's declarations name these types through the package's entries.
const plugins = (client: IAgentClient) => client.listPlugins('session')
const rerun = (client: IAgentClient) => client.rerunReplay('session')

export { InteractiveSession, agent, answer, embed, applyWorkspaceManifest, createQuery, decision, exposeAgentHost, IndexedDBSessionStore, options, plugins, rerun, sandbox, startClient, startFakeLlmServer }
