import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { ICommand } from '../../lib/session/commands/command-types.ts'
import type { TPermissionAnswer } from '../../lib/session/permission-enforcer-types.ts'
import type { TSessionViewState } from '../../worker/react/session-view-state.ts'
import { whenIdle } from '../shell/when-idle.ts'
import { AnswerAnnouncer } from './answer-announcer.tsx'
import { ChatView } from './chat-view.tsx'
import { FailureNotice } from './failure-notice.tsx'
import { loadedFailureWording, loadFailureWording } from './failure-wording.ts'
import { readyRenderer } from './message-markdown.tsx'
import { PendingPermissionsContext } from './pending-permissions-context.ts'
import { proposedFileChange } from './file-change.ts'
import { LazyFileDiff } from './lazy-file-diff.tsx'
import { PromptForm } from './prompt-form.tsx'
import { summarizeArguments } from './tool-result.ts'
import type { TPromptQueue } from './use-prompt-queue.ts'

// A permission prompt shows only once a turn calls a tool that asks: it loads apart from the page's
// first script, in an idle period once a session is open, so it is there before a turn needs it.
// It takes what it shares with the tool cards as props, so no chunk of shared modules loads first.
const loadPermissionPrompt = () => import('./permission-prompt.tsx')
const PermissionPrompt = lazy(() => loadPermissionPrompt().then((module) => ({ default: module.PermissionPrompt })))

type TChatPaneProps = {
  state: TSessionViewState
  /** Page-level problems to show above the prompt (a refused provider switch, say). */
  notices: string[]
  /** Slow work under way outside a turn (hydrating a manifest), shown with a spinner. */
  progress: string | undefined
  /** Prompts waiting their turn; until a session is open, what is sent waits here too. */
  queue: TPromptQueue
  onSubmit: (prompt: string) => Promise<boolean | void>
  onAbort: () => Promise<void>
  /** Asks the tab driving a followed session to hand it over. */
  onTakeOver: () => Promise<void>
  onAnswer: (requestId: string, answer: TPermissionAnswer) => void
  onOpenSettings: () => void
  /** The session's slash commands, for the prompt's list. */
  loadCommands?: () => Promise<ICommand[]>
  /** What slash commands answered, shown below the conversation. */
  commandLog?: ReactNode
  /** Shown above the conversation (a recorded run playing back, say). */
  banner?: ReactNode
  /** The open session's own bar (its settings), at the top of the column. */
  header?: ReactNode
  /** Text the prompt box starts with (an embed's `prompt` attribute). */
  initialPrompt?: string | undefined
  /** Pages in the messages before those shown (a long session opens with its latest only). */
  onShowEarlier?: () => Promise<void>
  /** No session is open yet, and one is on its way: the prompt takes input, and what is sent waits for it. */
  opening?: boolean
}

/** The middle column: sandbox progress, the conversation, waiting permission prompts, errors and the prompt box. */
export function ChatPane({ state, notices, progress, queue, onSubmit, onAbort, onTakeOver, onAnswer, onOpenSettings, loadCommands, commandLog, banner, header, initialPrompt, onShowEarlier, opening = false }: TChatPaneProps) {
  const [draft, setDraft] = useState<{ text: string } | undefined>(() => (initialPrompt ? { text: initialPrompt } : undefined))
  const sessionOpen = Boolean(state.sessionId)
  const canSend = sessionOpen && !state.readOnly && !state.running
  // Closures here read these values, never `state`: one kept from an earlier render would keep that
  // render's whole conversation alive (V8 gives a render's closures one shared scope).
  const following = state.readOnly
  const onEdit = useCallback((text: string) => setDraft({ text }), [])
  const promptActions = useMemo(
    () => ({ onEdit: following ? undefined : onEdit, onResend: canSend ? (text: string) => void onSubmit(text) : undefined }),
    [onEdit, canSend, onSubmit, following]
  )
  // What a turn shows gets ready once the page has settled (a session is open): the Markdown
  // renderer, so streamed text renders as Markdown from its first delta (at once when a turn
  // starts first), and the wording of failures, so a failed turn is explained at once.
  useEffect(() => {
    if (!sessionOpen) return
    readyRenderer(state.running)
    // Once loaded, a turn's start and end ask for nothing more.
    if (!loadedFailureWording()) whenIdle(() => void loadFailureWording().catch(() => undefined))
    whenIdle(() => void loadPermissionPrompt().catch(() => undefined))
  }, [sessionOpen, state.running])
  return (
    <main className="chat" aria-label="Chat" aria-busy={opening || undefined}>
      {header}
      {state.sandboxStatus === 'loading' ? (
        <p className="progress sandbox-progress" role="status">
          <span className="spinner" aria-hidden="true" /> Preparing the sandbox: loading the shell and restoring the session’s files…
        </p>
      ) : null}
      {state.readOnly ? (
        <p className="progress read-only" role="status">
          This session is open in another tab, which drives it: this one follows it, read-only, and takes over if that tab closes.{' '}
          <button type="button" className="link" onClick={() => void onTakeOver()} title="Stops that tab's running turn (what it committed is kept) and lets this tab drive">
            Take over
          </button>
        </p>
      ) : null}
      {progress ? (
        <p className="progress sandbox-progress" role="status">
          <span className="spinner" aria-hidden="true" /> {progress}
        </p>
      ) : null}
      {banner}
      {/* A tool call whose prompt is open says it waits for approval, not that it runs. */}
      <PendingPermissionsContext.Provider value={state.pendingPermissions}>
        <ChatView
          messages={state.messages}
          streamingText={state.streamingText}
          running={state.running}
          decisions={state.permissionDecisions}
          onOpenSettings={onOpenSettings}
          promptActions={promptActions}
          firstMessageIndex={state.firstMessageIndex}
          {...(onShowEarlier ? { onShowEarlier } : {})}
        />
      </PendingPermissionsContext.Provider>
      {/* Screen readers hear each answer once it is whole, not every streamed word. */}
      <AnswerAnnouncer key={state.sessionId ?? ''} messages={state.messages} />
      {commandLog}
      {/* Only the tab driving the session answers; a follower's tool cards say what waits. */}
      {state.readOnly || state.pendingPermissions.length === 0 ? null : (
        <Suspense fallback={null}>
          {state.pendingPermissions.map((pending, index) => {
            const { toolName, parameters } = pending.request
            const change = proposedFileChange(toolName, parameters)
            return (
              <PermissionPrompt
                key={pending.requestId}
                pending={pending}
                summary={summarizeArguments(toolName, parameters)}
                preview={change ? <LazyFileDiff change={change} /> : null}
                focus={index === 0}
                onAnswer={onAnswer}
                onStop={() => void onAbort()}
              />
            )
          })}
        </Suspense>
      )}
      {state.error ? <FailureNotice message={state.error} code={state.turnError?.message === state.error ? state.turnError.code : undefined} onOpenSettings={onOpenSettings} /> : null}
      {state.warnings.map((warning) => (
        <p key={warning} role="alert" className="error" aria-label="Session warning">
          {warning}
        </p>
      ))}
      {notices.map((notice) => (
        <p key={notice} role="alert" className="error">
          {notice}
        </p>
      ))}
      <PromptForm
        disabled={(!state.sessionId && !opening) || state.readOnly}
        running={state.running}
        queue={queue}
        // Until the first session is open, what is sent waits for it.
        onSubmit={state.sessionId ? onSubmit : queue.enqueue}
        onAbort={onAbort}
        sessionId={state.sessionId}
        waitingPermissions={state.pendingPermissions.length}
        draft={draft}
        {...(loadCommands ? { loadCommands } : {})}
      />
    </main>
  )
}
