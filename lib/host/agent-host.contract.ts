import type { IAgentHost, THostEvent } from './agent-host.ts'
import { describeError } from '../core/describe-error.ts'

/**
 * One behaviour every `IAgentHost` keeps, wherever it runs: in-thread, behind the multi-tab host,
 * or through the page client over a worker. Cases run against a host whose default model is the
 * offline demo (it lists the workspace with `Bash`, reads the README, then answers) over a
 * workspace holding a README. Plain async functions with their own checks, so a browser page
 * runs them as they are, and vitest wraps each in an `it`.
 */
export type TAgentHostContractCase = { name: string; run: (host: IAgentHost) => Promise<void> }

/** @throws Error with `message` when `condition` is false. */
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Contract broken: ${message}`)
}

async function recordEvents(host: IAgentHost): Promise<{ events: THostEvent[]; stop: () => Promise<void> }> {
  const events: THostEvent[] = []
  const id = await host.subscribe((batch) => {
    events.push(...batch)
  })
  return { events, stop: () => host.unsubscribe(id) }
}

async function rejection(promise: Promise<unknown>): Promise<{ code?: unknown; message: string } | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: describeError(error) }
  }
}

/** The cases, in the order they are best read. */
export const AGENT_HOST_CONTRACT: readonly TAgentHostContractCase[] = [
  {
    name: 'creates, lists, renames and deletes sessions',
    run: async (host) => {
      const created = await host.createSession({ name: 'Contract' })
      check(created.name === 'Contract' && created.messageCount === 0, `a new session is named and empty; got ${JSON.stringify(created)}`)
      check((await host.listSessions()).sessions.some((session) => session.id === created.id), 'listSessions lists the new session')
      check((await host.renameSession(created.id, 'Renamed')).name === 'Renamed', 'renameSession renames')
      await host.deleteSession(created.id)
      check(!(await host.listSessions()).sessions.some((session) => session.id === created.id), 'a deleted session is no longer listed')
    }
  },
  {
    name: 'deletes a session whose turn waits for permission: the turn stops and the session stays deleted',
    run: async (host) => {
      const session = await host.createSession()
      let asked = () => {}
      const askedOnce = new Promise<void>((resolve) => (asked = resolve))
      const subscription = await host.subscribe((batch) => {
        if (batch.some((event) => event.kind === 'permission_request' && event.sessionId === session.id)) asked()
      })
      const turn = host.submit(session.id, 'What is in this workspace?')
      await askedOnce
      await host.deleteSession(session.id)
      const result = await turn.catch((error: unknown) => ({ interrupted: true, error }))
      await host.unsubscribe(subscription)
      check(result.interrupted === true, `the deleted session's turn ends interrupted; got ${JSON.stringify(result)}`)
      check(!(await host.listSessions()).sessions.some((listed) => listed.id === session.id), 'a session deleted while its turn ran is not listed once the turn has stopped')
      check((await rejection(host.openSession(session.id))) !== undefined, 'a session deleted while its turn ran cannot be opened')
    }
  },
  {
    name: 'takes over a session it already drives at once, and refuses one that does not exist',
    run: async (host) => {
      const created = await host.createSession()
      await host.openSession(created.id)
      await host.takeOver(created.id)
      check((await host.openSession(created.id)).readOnly !== true, 'a session this host drives is not read-only after takeOver')
      await host.closeSession(created.id)
      await host.closeSession(created.id)
      check((await rejection(host.takeOver('no-such-session'))) !== undefined, 'takeOver of a missing session is refused')
      await host.deleteSession(created.id)
    }
  },
  {
    name: 'runs a turn with sandbox tools, reports it in order and stores every message',
    run: async (host) => {
      const session = await host.createSession()
      await host.setPermissionMode(session.id, 'bypassPermissions')
      const { events, stop } = await recordEvents(host)
      const result = await host.submit(session.id, 'What is in this workspace?')
      await stop()
      check(result.interrupted === false && result.response.length > 0, `the turn answers; got ${JSON.stringify(result)}`)
      check(result.toolsExecuted.includes('Bash'), `the turn ran Bash; got ${JSON.stringify(result.toolsExecuted)}`)
      const ofSession = (event: THostEvent) => (event.kind === 'replay' ? event.event.sessionId : 'sessionId' in event ? event.sessionId : undefined) === session.id
      const kinds = events.filter(ofSession).map((event) => event.kind)
      check(kinds.indexOf('turn_started') >= 0 && kinds.indexOf('turn_started') < kinds.indexOf('replay'), 'turn_started comes before the replay events')
      check(kinds.at(-1) === 'turn_finished', `turn_finished comes last; got ${kinds.at(-1)}`)
      const view = await host.openSession(session.id)
      check(view.messages[0]?.role === 'user' && view.messages.at(-1)?.role === 'assistant', 'the stored conversation runs from the prompt to the answer')
      check(view.events.length > 0 && view.events.every((event, index) => event.seq === index), 'the stored events number from 0 without a gap')
      check(view.running === false, 'the session is idle once the turn ended')
    }
  },
  {
    name: 'opens a conversation on its latest messages and pages in the earlier ones on demand',
    run: async (host) => {
      const session = await host.createSession()
      await host.setPermissionMode(session.id, 'bypassPermissions')
      await host.submit(session.id, 'What is in this workspace?')
      await host.submit(session.id, 'And once more: what is in this workspace?')
      const whole = await host.openSession(session.id)
      const total = whole.messages.length
      check(total >= 4 && (whole.firstMessageIndex ?? 0) === 0, `an open without options shows every message; got ${total} from ${String(whole.firstMessageIndex)}`)
      // A remote call carries options left out as null.
      const nullOptions = await host.openSession(session.id, null as unknown as undefined)
      check(nullOptions.messages.length === total, `an open whose options arrive as null shows every message; got ${nullOptions.messages.length}`)
      const latest = await host.openSession(session.id, { latestMessages: 2 })
      const first = latest.firstMessageIndex ?? 0
      check(first === total - 2 && latest.messages.length === 2, `the latest 2 of ${total} messages are shown; got ${latest.messages.length} from ${first}`)
      check(JSON.stringify(latest.messages) === JSON.stringify(whole.messages.slice(first)), 'they are the conversation’s last messages')
      const earlier = await host.loadEarlierMessages(session.id, first, 3)
      check(earlier.firstIndex === first - 3 && earlier.messages.length === 3, `3 earlier messages come back; got ${earlier.messages.length} from ${earlier.firstIndex}`)
      check(JSON.stringify(earlier.messages) === JSON.stringify(whole.messages.slice(first - 3, first)), 'they are the messages just before the shown ones')
      const rest = await host.loadEarlierMessages(session.id, earlier.firstIndex, 1_000)
      check(rest.firstIndex === 0 && rest.messages.length === earlier.firstIndex, 'a page past the start stops at the first message')
      check((await rejection(host.loadEarlierMessages(session.id, first, 0))) !== undefined, 'a page of no messages is refused')
      for (let opened = 0; opened < 3; opened++) await host.closeSession(session.id)
    }
  },
  {
    name: 'opens a replay log on its latest turns and pages in the earlier events on demand',
    run: async (host) => {
      const session = await host.createSession()
      await host.setPermissionMode(session.id, 'bypassPermissions')
      await host.submit(session.id, 'What is in this workspace?')
      await host.submit(session.id, 'And once more: what is in this workspace?')
      const whole = await host.openSession(session.id)
      check(whole.earlierEvents !== true, 'an open without latestEvents reads every event')
      const lastTurn = whole.events.filter((event) => event.executionId === whole.events.at(-1)?.executionId)
      // One event more than the last turn holds: the window reaches into the turn before and drops its tail.
      const latest = await host.openSession(session.id, { latestEvents: lastTurn.length + 1 })
      check(latest.earlierEvents === true, 'the view says earlier events were left out')
      check(
        JSON.stringify(latest.events.map((event) => event.seq)) === JSON.stringify(lastTurn.map((event) => event.seq)),
        `the view starts at the last turn's first event; got seqs ${latest.events[0]?.seq}…${latest.events.at(-1)?.seq}`
      )
      const request = latest.events.find((event) => event.type === 'provider_request')
      const wholeRequest = whole.events.find((event) => event.seq === request?.seq)
      check(request?.type === 'provider_request' && wholeRequest?.type === 'provider_request', 'the last turn asked the model')
      if (request?.type === 'provider_request' && wholeRequest?.type === 'provider_request') {
        // As recorded: any history the request shares with an earlier one is named, not repeated.
        const sent = (request.data.historyRange?.count ?? 0) + request.data.messages.length
        check(sent === wholeRequest.data.messages.length, `the range and what it adds make up what was sent: ${sent} of ${wholeRequest.data.messages.length}`)
      }
      const earlier = await host.loadEarlierEvents(session.id, latest.events[0]?.seq ?? 0, 10_000)
      check(earlier.earlierEvents === false, 'a page that reaches the first event says none are left')
      check(
        JSON.stringify([...earlier.events, ...latest.events].map((event) => event.seq)) === JSON.stringify(whole.events.map((event) => event.seq)),
        'the earlier page and the window make up the whole log'
      )
      check((await rejection(host.loadEarlierEvents(session.id, 5, 0))) !== undefined, 'a page of no events is refused')
      for (let opened = 0; opened < 2; opened++) await host.closeSession(session.id)
    }
  },
  {
    name: "follows the workspace's own settings: a deny rule wins even in bypassPermissions",
    run: async (host) => {
      const session = await host.createSession()
      await host.setPermissionMode(session.id, 'bypassPermissions')
      await host.writeFile(session.id, '/workspace/.robota/settings.json', JSON.stringify({ permissions: { deny: ['Bash(ls)', 'Bash(ls *)'] } }))
      await host.submit(session.id, 'What is in this workspace?')
      const { events } = await host.openSession(session.id)
      const denied = events.find((event) => event.type === 'permission_decision' && event.data.decision === 'deny' && event.data.source === 'deny_list')
      check(denied !== undefined, 'the listing was denied by the settings')
    }
  },
  {
    name: "reads and writes the session's workspace files",
    run: async (host) => {
      const session = await host.createSession()
      await host.writeFile(session.id, '/workspace/notes/todo.txt', 'ship it\n')
      check((await host.readFile(session.id, '/workspace/notes/todo.txt')) === 'ship it\n', 'a written file reads back')
      const entries = await host.listFiles(session.id, '/workspace/notes')
      check(entries.some((entry) => entry.name === 'todo.txt'), `listFiles shows it; got ${JSON.stringify(entries)}`)
    }
  },
  {
    name: 'lists and runs slash commands; an unknown one is a failed outcome',
    run: async (host) => {
      const session = await host.createSession()
      const commands = await host.listCommands(session.id)
      check(commands.some((command) => command.name === 'help'), 'the built-in commands are listed')
      const outcome = await host.executeCommand(session.id, '/no-such-command')
      check(outcome.success === false && outcome.message.includes('/no-such-command'), `an unknown command names itself; got ${outcome.message}`)
      check((await host.executeCommand(session.id, '/mode plan')).success, '/mode switches the mode')
      check((await host.executeCommand(session.id, '/mode')).data?.mode === 'plan', '/mode reports the mode it switched to')
    }
  },
  {
    name: 'tells subscribers the context figure a /compact or /clear left before the command resolves',
    run: async (host) => {
      const session = await host.createSession()
      await host.setPermissionMode(session.id, 'bypassPermissions')
      await host.submit(session.id, 'What is in this workspace?')
      const { events, stop } = await recordEvents(host)
      const figure = () => events.flatMap((event) => (event.kind === 'context_update' && event.sessionId === session.id ? [event.context.usedTokens] : [])).at(-1)
      const compacted = await host.executeCommand(session.id, '/compact')
      check(figure() === compacted.data?.tokensAfter, `/compact announces the summary's ${String(compacted.data?.tokensAfter)} tokens; got ${String(figure())}`)
      await host.executeCommand(session.id, '/clear')
      const announced = figure()
      const cleared = (await host.executeCommand(session.id, '/context')).data?.usedTokens
      check(announced === cleared, `/clear announces the empty conversation's ${String(cleared)} tokens; got ${String(announced)}`)
      await stop()
    }
  },
  {
    name: 'exports a verifiable replay log and refuses to import it over the same session',
    run: async (host) => {
      const session = await host.createSession()
      await host.setPermissionMode(session.id, 'bypassPermissions')
      await host.submit(session.id, 'What is in this workspace?')
      check((await host.verifyReplay(session.id)).ok, 'the stored log verifies')
      const jsonl = await host.exportReplay(session.id)
      check(jsonl.split('\n').filter(Boolean).length > 2, 'the export holds a header and records')
      check((await rejection(host.importReplay(jsonl))) !== undefined, 'an import over an existing session is refused')
    }
  },
  {
    name: 'lists a session’s MCP servers: none at first, then the page’s, one it cannot reach as failed',
    run: async (host) => {
      const session = await host.createSession()
      await host.openSession(session.id)
      check((await host.listMcpServers(session.id)).length === 0, 'a session without MCP servers lists none')
      // Port 9 (discard) refuses connections at once: the server fails without holding the session up.
      await host.setMcpServers(session.id, { down: { type: 'http', url: 'http://127.0.0.1:9/mcp' } })
      const [down] = await host.listMcpServers(session.id)
      check(down?.name === 'down' && down.status === 'failed' && down.error.includes('"down"'), `an unreachable server is failed, with a reason naming it; got ${JSON.stringify(down)}`)
      await host.setMcpServers(session.id, {})
      check((await host.listMcpServers(session.id)).length === 0, 'servers set to none are gone')
      await host.closeSession(session.id)
      await host.deleteSession(session.id)
    }
  },
  {
    name: 'lists a session’s bundle plugins: none at first; an unreachable source installs nothing, with its code kept',
    run: async (host) => {
      const session = await host.createSession()
      check((await host.listPlugins(session.id)).length === 0, 'a new session has no bundle plugins')
      // Port 9 (discard) refuses connections at once.
      const source = 'http://127.0.0.1:9/index.json'
      const search = await host.searchPlugins({ source })
      check(search.plugins.length === 0 && search.failures[0]?.source === source, `an unreachable source is a failure of the search; got ${JSON.stringify(search)}`)
      const refused = await rejection(host.installPlugin(session.id, { source, name: 'review-kit', scope: 'project' }))
      check(refused?.code === 'NETWORK_ERROR', `an install from an unreachable source is a network error; got ${JSON.stringify(refused)}`)
      check((await host.listPlugins(session.id)).length === 0, 'nothing was installed')
      const missing = await rejection(host.setPluginEnabled(session.id, 'user', 'ghost', true))
      check(missing?.code === 'VALIDATION_ERROR' && missing.message.includes('ghost'), `enabling a bundle not installed names it; got ${JSON.stringify(missing)}`)
      await host.deleteSession(session.id)
    }
  },
  {
    name: 'asks a turn for structured output: a bad schema is refused first, a reply that never validates with its raw text',
    run: async (host) => {
      const session = await host.createSession()
      await host.setPermissionMode(session.id, 'bypassPermissions')
      const schema = { type: 'object', properties: { files: { type: 'array', items: { type: 'string' } } }, required: ['files'] }
      const badSchema = await rejection(host.submit(session.id, 'List the files', { output: { schema: { type: 'array' } } }))
      check(badSchema?.code === 'VALIDATION_ERROR' && badSchema.message.includes('output.schema'), `a schema whose root is no object is named; got ${JSON.stringify(badSchema)}`)
      check((await host.openSession(session.id)).messages.length === 0, 'nothing was sent for a refused schema')
      // The offline demo answers in prose, never JSON: the reply is answered once, then refused.
      let refused: unknown
      try {
        await host.submit(session.id, 'List the files', { output: { schema } })
      } catch (error) {
        refused = error
      }
      const { code, rawText, details } = (refused ?? {}) as { code?: unknown; rawText?: unknown; details?: { rawText?: unknown } }
      check(code === 'STRUCTURED_OUTPUT_INVALID', `a reply that never validates is a StructuredOutputError; got ${JSON.stringify(refused)}`)
      check(typeof rawText === 'string' && rawText.length > 0 && rawText === details?.rawText, `the error carries the raw reply; got ${JSON.stringify(rawText)}`)
      const view = await host.openSession(session.id)
      const prompts = view.messages.filter((message) => message.role === 'user').map((message) => message.content)
      check(prompts.length === 2 && String(prompts[1]).startsWith('Your last reply could not be used'), `the reply was answered once with what was wrong; got ${JSON.stringify(prompts)}`)
      check(view.messages.at(-1)?.content === rawText, `the raw text is the last stored reply; got ${JSON.stringify([rawText, view.messages.at(-1)])}`)
      check(view.running === false, 'the session is idle after the refusal')
      await host.deleteSession(session.id)
    }
  },
  {
    name: 'lists the models of a provider choice: the built-in list with the reason when there is no listing, and refuses a kind it lacks',
    run: async (host) => {
      const listing = await host.listModels({ kind: 'offline-demo', model: 'offline-demo' })
      check(listing.status === 'fallback' && Array.isArray(listing.models), `a provider that lists nothing falls back; got ${JSON.stringify(listing)}`)
      check(typeof listing.message === 'string' && listing.message.includes('built-in list'), `the fallback says why; got ${JSON.stringify(listing.message)}`)
      const unknown = await rejection(host.listModels({ kind: 'no-such-provider', model: 'x' }))
      check(unknown?.code === 'CONFIGURATION_ERROR' && unknown.message.includes('no-such-provider'), `an unknown kind is named; got ${JSON.stringify(unknown)}`)
    }
  },
  {
    name: "keeps a session's own settings in its record and applies them to its next turn; refuses what is out of range",
    run: async (host) => {
      const session = await host.createSession()
      await host.setPermissionMode(session.id, 'bypassPermissions')
      const initial = await host.getSessionSettings(session.id)
      check(Object.keys(initial.settings).length === 0 && initial.basePrompt.length > 0, `a new session has no settings of its own and shows its base prompt; got ${JSON.stringify(initial)}`)
      check(initial.tools.some((tool) => tool.name === 'Glob' && tool.enabled), `the session's tools are listed, enabled; got ${JSON.stringify(initial.tools)}`)
      const hot = await rejection(host.setSessionSettings(session.id, { temperature: 3 }))
      check(hot?.code === 'VALIDATION_ERROR' && hot.message.includes('temperature') && hot.message.includes('between 0 and 2'), `a temperature above 2 is refused by name; got ${JSON.stringify(hot)}`)
      const fraction = await rejection(host.setSessionSettings(session.id, { maxTokens: 1.5 }))
      check(fraction?.code === 'VALIDATION_ERROR' && fraction.message.includes('maxTokens'), `a fractional maxTokens is refused by name; got ${JSON.stringify(fraction)}`)
      const ghost = await rejection(host.setSessionSettings(session.id, { disabledTools: ['Ghost'] }))
      check(ghost?.code === 'VALIDATION_ERROR' && ghost.message.includes('"Ghost"'), `an unknown tool is named; got ${JSON.stringify(ghost)}`)
      const settings = { systemPromptAddition: 'Answer as briefly as you can.', temperature: 0.4, maxTokens: 321, disabledTools: ['Glob'] }
      const applied = await host.setSessionSettings(session.id, settings)
      check(JSON.stringify(applied.settings) === JSON.stringify(settings), `the settings are kept as given; got ${JSON.stringify(applied.settings)}`)
      check(applied.tools.some((tool) => tool.name === 'Glob' && !tool.enabled), 'the switched-off tool is listed as off')
      await host.submit(session.id, 'What is in this workspace?')
      const request = (await host.openSession(session.id)).events.find((event) => event.type === 'provider_request')
      const data = (request?.data ?? {}) as { temperature?: unknown; maxTokens?: unknown; tools?: Array<{ name: string }>; messages?: Array<{ role: string; content: unknown }> }
      check(data.temperature === 0.4 && data.maxTokens === 321, `the request carries temperature and maxTokens; got ${JSON.stringify([data.temperature, data.maxTokens])}`)
      const system = String(data.messages?.[0]?.content ?? '')
      check(system.startsWith(initial.basePrompt) && system.includes(settings.systemPromptAddition), 'the system prompt is the base followed by the addition')
      const offered = (data.tools ?? []).map((tool) => tool.name)
      check(!offered.includes('Glob') && offered.includes('Bash'), `the switched-off tool is not offered; got ${JSON.stringify(offered)}`)
      const copy = await host.importReplay(await host.exportReplay(session.id), { asCopy: true })
      check(JSON.stringify((await host.getSessionSettings(copy.id)).settings) === JSON.stringify(settings), 'an exported and imported session keeps its settings')
      check(Object.keys((await host.setSessionSettings(session.id, {})).settings).length === 0, 'settings set to none are gone')
      await host.deleteSession(copy.id)
      await host.deleteSession(session.id)
    }
  },
  {
    name: 'refuses what is wrong with errors that keep their code',
    run: async (host) => {
      const missing = await rejection(host.submit('no-such-session', 'Hello'))
      check(missing?.code === 'VALIDATION_ERROR' && missing.message.includes('no-such-session'), `an unknown session is named; got ${JSON.stringify(missing)}`)
      const session = await host.createSession()
      const empty = await rejection(host.submit(session.id, '  '))
      check(empty?.code === 'VALIDATION_ERROR', `an empty prompt is refused; got ${JSON.stringify(empty)}`)
    }
  }
]
