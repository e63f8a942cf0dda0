import { useCallback, useEffect, useRef, useState } from 'react'
import type { IAgentHost } from '../lib/session/agent-host.ts'
import type { TSessionSummary } from '../lib/storage/session-store.ts'
import { useAgentSession } from '../worker/react/use-agent-session.ts'
import { ChatView } from './components/chat-view.tsx'
import { PermissionPrompt } from './components/permission-prompt.tsx'
import { PromptForm } from './components/prompt-form.tsx'
import { ReplayPanel } from './components/replay-panel.tsx'
import { SessionList } from './components/session-list.tsx'

/** The playground: sessions on the left, the chat in the middle, replay events on the right. */
export function App({ host }: { host: IAgentHost }) {
  const [sessions, setSessions] = useState<TSessionSummary[]>([])
  const [selectedId, setSelectedId] = useState<string | undefined>()
  const [startupError, setStartupError] = useState<string | undefined>()
  const { state, submit, abort, answerPermission } = useAgentSession(host, selectedId)
  const started = useRef(false)

  const refreshSessions = useCallback(async () => {
    const listing = await host.listSessions()
    setSessions(listing.sessions)
    return listing.sessions
  }, [host])

  const createSession = useCallback(async () => {
    const created = await host.createSession()
    await refreshSessions()
    setSelectedId(created.id)
  }, [host, refreshSessions])

  useEffect(() => {
    // Reopen the most recent session, or start one, so a reload lands where the user left off.
    // Once only: a development double-run of effects must not create two sessions.
    if (started.current) return
    started.current = true
    refreshSessions()
      .then(async (listed) => {
        if (listed[0]) setSelectedId(listed[0].id)
        else await createSession()
      })
      .catch((error: unknown) => setStartupError(error instanceof Error ? error.message : String(error)))
  }, [refreshSessions, createSession])

  const send = useCallback(
    async (prompt: string) => {
      await submit(prompt)
      await refreshSessions()
    },
    [submit, refreshSessions]
  )

  return (
    <div className="layout">
      <header className="topbar">
        <h1>Robota playground</h1>
        <span className="badge" title="The offline demo model runs tools in an in-memory sandbox, with no key and no network.">
          Offline demo model
        </span>
      </header>
      <SessionList sessions={sessions} selectedId={selectedId} onSelect={setSelectedId} onCreate={createSession} />
      <main className="chat" aria-label="Chat">
        {startupError ? (
          <p role="alert" className="error">
            The agent could not start: {startupError}
          </p>
        ) : null}
        <ChatView messages={state.messages} streamingText={state.streamingText} running={state.running} />
        {state.pendingPermissions.map((pending) => (
          <PermissionPrompt key={pending.requestId} pending={pending} onAnswer={(id, answer) => void answerPermission(id, answer)} />
        ))}
        {state.error ? (
          <p role="alert" className="error">
            {state.error}
          </p>
        ) : null}
        <PromptForm disabled={!state.sessionId} running={state.running} onSubmit={send} onAbort={abort} />
      </main>
      <ReplayPanel events={state.events} />
    </div>
  )
}
