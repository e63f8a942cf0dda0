import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import type { IAgentHost } from '../lib/host/agent-host.ts'
import { useAgentSession } from '../worker/react/use-agent-session.ts'
import { ChatPane } from './chat/chat-pane.tsx'
import { commandEffectOf, reportedModeOf } from './chat/command-effects.ts'
import { CommandLog } from './chat/command-log.tsx'
import { isCommandLine, isEmptyPrompt } from './chat/command-suggestions.ts'
import { forgetSessionCopies } from './chat/forget-session-copies.ts'
import { FocusPolicyContext } from './shell/focus-policy.ts'
import { useFocusPolicy } from './shell/use-focus-policy.ts'
import type { TSessionMemory } from './sessions/session-memory.ts'
import { AllowedImageHostsContext } from './chat/remote-content-context.ts'
import { useChatState } from './chat/use-chat-state.ts'
import { usePromptQueue } from './chat/use-prompt-queue.ts'
import { useSlashCommands } from './chat/use-slash-commands.ts'
import { eventsUpToMessage } from './replay/events-up-to-message.ts'
import type { TInitialReplay, TReplayPlayback } from './replay/use-replay-playback.ts'
import { SessionHeader } from './session-settings/session-header.tsx'
import { SessionList } from './sessions/session-list.tsx'
import { useNewSession } from './sessions/use-new-session.ts'
import { linkedSessionAtStart, useSessionLink } from './sessions/use-session-link.ts'
import { useSessionList } from './sessions/use-session-list.ts'
import { DEFAULT_SETTINGS, toProviderChoice, type TPlaygroundSettings } from './settings/playground-settings.ts'
import { usePlaygroundSettings } from './settings/use-playground-settings.ts'
import { useSessionProvider } from './settings/use-session-provider.ts'
import { SidePanel, type TSideTab } from './shell/side-panel.tsx'
import { compactionProgress, useSessionActivity } from './shell/use-session-activity.ts'
import { useInitialManifest } from './workspace/use-initial-manifest.ts'
import { TopBar } from './shell/top-bar.tsx'
import { whenIdle } from './shell/when-idle.ts'

// Panels load apart from the page's first script: the chat and its prompt paint first, and the
// replay panel (on screen at start) follows a moment later; the others load on first use.
const ReplayPanel = lazy(() => import('./replay/replay-panel.tsx').then((module) => ({ default: module.ReplayPanel })))
const PluginsPanel = lazy(() => import('./plugins/plugins-panel.tsx').then((module) => ({ default: module.PluginsPanel })))
const WorkspacePanel = lazy(() => import('./workspace/workspace-panel.tsx').then((module) => ({ default: module.WorkspacePanel })))
const SettingsDialog = lazy(() => import('./settings/host-settings-dialog.tsx').then((module) => ({ default: module.HostSettingsDialog })))
// Only a page given a recorded run to play back (the embed's `replay`) loads its playback.
const ReplayPlayback = lazy(() => import('./replay/replay-playback.tsx').then((module) => ({ default: module.ReplayPlayback })))
const SessionSettingsDialog = lazy(() => import('./session-settings/session-settings-dialog.tsx').then((module) => ({ default: module.SessionSettingsDialog })))

/** How many of its latest messages a conversation opens with; older ones come in on request. */
const LATEST_MESSAGES_SHOWN = 30
/** How many earlier messages one "Show earlier messages" brings in. */
const EARLIER_MESSAGES_PAGE = 100
/**
 * How many of its latest replay events a session opens with: the turns those messages came from,
 * in a typical session, without reading the whole log; the Replay panel pages in the rest.
 */
const LATEST_EVENTS_SHOWN = 1_000

export type TAppProps = {
  host: IAgentHost
  /** Where settings persist; `undefined` keeps them for this page only (the embed does that). */
  storage: Storage | undefined
  /** Extra class on the root, such as `embedded`. */
  className?: string
  /** A workspace manifest applied to the first empty session (the embed's `manifest` attribute). */
  initialManifest?: unknown
  /** A problem the embedding page wants shown (a manifest that would not load, say). */
  notice?: string | undefined
  /**
   * The first render hydrates the build's prerendered page, which it rendered with the default
   * settings: saved settings apply right after it (see `usePlaygroundSettings`).
   */
  hydrating?: boolean
  /** Page-wide keyboard shortcuts (Alt+N); an embed leaves the host page's keys alone. */
  shortcuts?: boolean
  /** The page's address names the open session (`#session=<id>`); an embed leaves it alone. */
  linkSessions?: boolean
  /**
   * Where the open session is remembered instead (an embed's, per element): the page opens it
   * again, and starts a new session, not the most recent one, when there is none yet.
   */
  sessionMemory?: TSessionMemory
  /**
   * Whether the playground moves the keyboard before the reader has used it (the prompt box as a
   * session opens); an embed does not, so the host page is not scrolled down to it as it loads.
   */
  takeFocusAtStart?: boolean
  /** Settings the page starts from instead of the defaults (an embed's theme, provider and proxy). */
  initialSettings?: Partial<TPlaygroundSettings>
  /** A prompt to pre-fill, or with `autorun` to send once the session is ready (the embed's `prompt`). */
  initialPrompt?: { text: string; autorun: boolean }
  /** A recorded session to import, play back at its pace, then continue (the embed's `replay`). */
  initialReplay?: TInitialReplay
  /** The side panel's tabs; all when absent, no side panel when empty (the embed's `panels`). */
  sideTabs?: readonly TSideTab[]
  /** Whether the session list shows; it does unless the embed's `panels` leaves it out. */
  showSessions?: boolean
}

/** The playground: sessions on the left, the chat in the middle, replay and workspace on the right. */
export function App(props: TAppProps) {
  const { host, storage, className, initialManifest, notice, hydrating, shortcuts = true, linkSessions = true, sessionMemory, takeFocusAtStart = true, initialSettings, initialPrompt, initialReplay, sideTabs, showSessions = true } = props
  const [settings, updateSettings] = usePlaygroundSettings(storage, initialSettings, hydrating)
  const settingsRef = useRef(settings)
  settingsRef.current = settings
  const providerChoice = useCallback(() => toProviderChoice(settingsRef.current), [])
  const [linkedAtStart] = useState(() => (sessionMemory ? sessionMemory.read() : linkedSessionAtStart(linkSessions)))
  const sessions = useSessionList(host, providerChoice, linkedAtStart, forgetSessionCopies, { openLatest: !sessionMemory })
  useEffect(() => {
    if (sessions.selectedId) sessionMemory?.write(sessions.selectedId)
  }, [sessionMemory, sessions.selectedId])
  // Read by `send` as it runs: a list that refreshes (a rename) must not make a new `send`, which
  // the prompt queue would take for a cue to send its head again.
  const listedSessions = useRef(sessions.sessions)
  listedSessions.current = sessions.sessions
  // A link to a session this browser does not store opens nothing.
  const openLinked = useCallback((sessionId: string) => {
    if (listedSessions.current.some((session) => session.id === sessionId)) sessions.select(sessionId)
  }, [sessions.select])
  useSessionLink(linkSessions, sessions.selectedId, openLinked)
  // A long conversation opens on its latest messages; a recorded run that plays back needs them all.
  const { state, context, submit, abort, takeOver, answerPermission, loadEarlierMessages, loadEarlierEvents } = useAgentSession(host, sessions.selectedId, {
    ...(initialReplay ? {} : { latestMessages: LATEST_MESSAGES_SHOWN, latestEvents: LATEST_EVENTS_SHOWN })
  })
  const showEarlierMessages = useCallback(() => loadEarlierMessages(EARLIER_MESSAGES_PAGE), [loadEarlierMessages])
  const openImported = useCallback((sessionId: string) => void sessions.refresh().then(() => sessions.select(sessionId)), [sessions.refresh, sessions.select])
  const [playback, setPlayback] = useState<TReplayPlayback>(initialReplay ? { state: 'importing' } : { state: 'idle' })
  const playing = playback.state === 'importing' || playback.state === 'playing'
  const [settingsOpen, setSettingsOpenState] = useState(false)
  const [settingsLoaded, setSettingsLoaded] = useState(false)
  const setSettingsOpen = useCallback((open: boolean) => {
    if (open) setSettingsLoaded(true)
    setSettingsOpenState(open)
  }, [])
  const openSettings = useCallback(() => setSettingsOpen(true), [setSettingsOpen])
  const closeSettings = useCallback(() => setSettingsOpen(false), [setSettingsOpen])
  const [sessionSettingsOpen, setSessionSettingsOpen] = useState(false)
  const closeSessionSettings = useCallback(() => setSessionSettingsOpen(false), [])
  // Mounted from its first opening on, so closing it hands the focus back to the button that opened it.
  const [sessionSettingsLoaded, setSessionSettingsLoaded] = useState(false)
  const [tab, setTab] = useState<TSideTab>(sideTabs?.[0] ?? 'replay')
  const [filesVersion, setFilesVersion] = useState(0)
  const [sessionPickerRequest, setSessionPickerRequest] = useState(0)
  // The open view's session, not the one selected: until its view arrives, whether another tab drives it is unknown.
  const provider = useSessionProvider(host, state.sessionId, state.readOnly, state.running, settings, () => void sessions.refresh())
  // The header names the provider that will answer: the open session's, which the settings' choice reaches once applied.
  const answering = sessions.sessions.find((session) => session.id === sessions.selectedId)
  const hydration = useInitialManifest(host, state.sessionId, state.messages.length, initialManifest)
  const commands = useSlashCommands(host, state.sessionId)
  const activity = useSessionActivity(host, state.sessionId)
  const chatState = useChatState(state, activity.compacting !== undefined || hydration.state === 'applying', playback, `${settings.providerKind} ${settings.model}`)
  // Callbacks and effects read these values, never `state` or `chatState` themselves: V8 gives all
  // closures of one render a single shared scope, so a callback kept from an earlier render would
  // keep that render's whole conversation alive after the session closed.
  const { sessionId: openSessionId, readOnly, name: openSessionName } = state
  const messageCount = state.messages.length
  // The context meter shows the figure of the assembled session (its system prompt, AGENTS.md and
  // skills counted), which the host sends once it has built it: built while the page is idle, not
  // at the first prompt. Listing the commands builds it.
  const { loadCommands } = commands
  useEffect(() => {
    if (openSessionId) whenIdle(() => void loadCommands().catch(() => undefined))
  }, [openSessionId, loadCommands])

  const send = useCallback(
    async (prompt: string) => {
      // Every way in (the form, Resend, an embed's autorun) asks the model nothing with nothing to say.
      if (isEmptyPrompt(prompt)) return
      const sessionId = openSessionId
      if (isCommandLine(prompt)) {
        await provider.settled()
        const outcome = await commands.run(prompt.trim())
        const effect = outcome && commandEffectOf(outcome)
        if (effect === 'open-session-picker') setSessionPickerRequest((request) => request + 1)
        if (effect === 'reset-settings') updateSettings(DEFAULT_SETTINGS)
        // `/mode plan` changed the session's mode: the settings and the header say the same.
        const mode = outcome && reportedModeOf(outcome)
        if (mode && mode !== settingsRef.current.permissionMode) updateSettings({ ...settingsRef.current, permissionMode: mode })
        await sessions.refresh()
        setFilesVersion((version) => version + 1)
        return
      }
      // Command answers sit below the conversation; a new prompt moves the conversation past them.
      commands.clear()
      // Named after its first prompt as the turn starts, so the list tells sessions apart at once.
      // The list's name, not the one the session opened with: a rename since (the list's, `/rename`) is the user's choice and stays.
      const currentName = listedSessions.current.find((session) => session.id === sessionId)?.name ?? openSessionName
      const naming = sessionId && !readOnly && messageCount === 0 && currentName === 'New session'
      // A model switch saved a moment ago must reach the worker before the turn starts. Without
      // either the turn leaves in this task, before the page renders the cleared prompt.
      const before = async () => {
        if (naming) await sessions.rename(sessionId, prompt.length > 48 ? `${prompt.slice(0, 47)}…` : prompt)
        await provider.settled()
      }
      const sent = await submit(prompt, naming || !provider.isSettled() ? { before } : undefined)
      await sessions.refresh()
      return sent
    },
    [submit, provider.settled, provider.isSettled, commands.run, updateSettings, commands.clear, openSessionId, readOnly, messageCount, openSessionName, sessions.refresh, sessions.rename]
  )

  // The embed's `autorun`: sent once, when the session is ready and any recorded run has played.
  const autorunSent = useRef(false)
  const autorunReady = Boolean(initialPrompt?.autorun) && Boolean(state.sessionId) && !state.running && !state.readOnly && !playing && hydration.state !== 'applying'
  // Once per session: a reader who comes back finds its answer, not the prompt sent again. Read
  // here, not in the effect: a closure naming `state` would keep a closed session's messages alive.
  const autorunAnswered = autorunReady && state.messages.some((message) => message.role === 'user' && message.content === initialPrompt?.text)
  useEffect(() => {
    if (!autorunReady || autorunSent.current || !initialPrompt) return
    autorunSent.current = true
    if (!autorunAnswered) void send(initialPrompt.text)
  }, [autorunReady, autorunAnswered, initialPrompt, send])

  const chatRunning = chatState.running
  // A manifest (the embed's) hydrates the session before any queued prompt goes out. While another
  // session opens (one picked, or the next one after a delete), `send` already goes to it: the
  // line of the session still shown waits.
  const leaving = sessions.selectedId !== state.sessionId
  const queue = usePromptQueue(state.sessionId, chatRunning, state.readOnly || hydration.state === 'applying' || leaving, send)
  // Another tab drives the session now: what waits here is not sent after its turns unasked.
  const holdQueue = queue.hold
  useEffect(() => {
    if (readOnly) holdQueue()
  }, [readOnly, holdQueue])
  // The prompt takes input from the page's first paint: while the worker starts and the first
  // session opens, what is sent waits in the queue for it. A recorded run to play back comes first.
  const opening = !state.sessionId && !initialReplay && !state.error && !sessions.error
  const wasRunning = useRef(false)
  useEffect(() => {
    // A turn just ended: the files may have changed.
    if (wasRunning.current && !chatRunning) setFilesVersion((version) => version + 1)
    wasRunning.current = chatRunning
  }, [chatRunning])

  useEffect(() => {
    if (hydration.state === 'applied') setFilesVersion((version) => version + 1)
  }, [hydration.state])

  const untouchedSession =
    Boolean(openSessionId) &&
    sessions.selectedId === openSessionId &&
    messageCount === 0 &&
    !chatRunning &&
    !readOnly &&
    queue.queued.length === 0 &&
    hydration.state !== 'applying' &&
    sessions.sessions.find((session) => session.id === openSessionId)?.name === 'New session'
  const root = useRef<HTMLDivElement>(null)
  const onCreateSession = useNewSession(untouchedSession, sessions.create, root, shortcuts)
  const { mayTakeFocus, onFocusInside } = useFocusPolicy(takeFocusAtStart)

  const onRenameSession = useCallback((id: string, name: string) => void sessions.rename(id, name), [sessions.rename])
  const onForkSession = useCallback((id: string) => void sessions.fork(id), [sessions.fork])
  const onDeleteSession = useCallback((id: string) => void sessions.remove(id), [sessions.remove])

  const theme = settings.theme === 'system' ? undefined : settings.theme
  const showSide = sideTabs === undefined || sideTabs.length > 0
  return (
    <AllowedImageHostsContext.Provider value={settings.allowedImageHosts}>
      <FocusPolicyContext.Provider value={mayTakeFocus}>
        <div ref={root} onFocusCapture={onFocusInside} className={['robota-root layout', className, showSessions ? '' : 'without-sessions', showSide ? '' : 'without-side-panel'].filter(Boolean).join(' ')} data-theme={theme}>
          <TopBar
            providerKind={settings.providerKind}
            model={settings.model}
            keyMissing={provider.keyMissing}
            permissionMode={settings.permissionMode}
            context={context}
            theme={settings.theme}
            onTheme={(next) => updateSettings({ ...settings, theme: next })}
            onOpenSettings={openSettings}
          />
          {showSessions ? (
            <SessionList
              sessions={sessions.sessions}
              selectedId={sessions.selectedId}
              corruptCount={sessions.corruptCount}
              running={state.running}
              readOnly={state.readOnly}
              onSelect={sessions.select}
              onCreate={onCreateSession}
              onRename={onRenameSession}
              onFork={onForkSession}
              onDelete={onDeleteSession}
              focusRequest={sessionPickerRequest}
            />
          ) : null}
          <ChatPane
            state={chatState}
            notices={[notice, playback.state === 'refused' ? playback.message : undefined, sessions.error, sessions.notice, provider.error, hydration.state === 'failed' ? `The workspace manifest failed: ${hydration.message}` : undefined].filter(
              (notice): notice is string => Boolean(notice)
            )}
            progress={hydration.state === 'applying' ? 'Hydrating the workspace from its manifest…' : compactionProgress(activity.compacting)}
            queue={queue}
            onSubmit={send}
            onAbort={() => {
              // Stopped on purpose: what waits is not sent after it until the person says so.
              queue.hold()
              return abort()
            }}
            onTakeOver={takeOver}
            onAnswer={(id, answer) => void answerPermission(id, answer)}
            onOpenSettings={openSettings}
            loadCommands={commands.loadCommands}
            commandLog={<CommandLog entries={commands.entries} compaction={activity.compaction} onDismiss={commands.clear} />}
            banner={
              initialReplay ? (
                <Suspense fallback={null}>
                  <ReplayPlayback
                    host={host}
                    replay={initialReplay}
                    open={openImported}
                    session={{ sessionId: state.sessionId, messageCount: state.messages.length, events: state.events }}
                    onPlayback={setPlayback}
                  />
                </Suspense>
              ) : null
            }
            header={
              <SessionHeader
                enabled={Boolean(state.sessionId) && !state.readOnly && !playing}
                onOpenSessionSettings={() => {
                  setSessionSettingsLoaded(true)
                  setSessionSettingsOpen(true)
                }}
              />
            }
            initialPrompt={initialPrompt && !initialPrompt.autorun ? initialPrompt.text : undefined}
            opening={opening}
            {...(playing ? {} : { onShowEarlier: showEarlierMessages })}
          />
          {showSide ? (
            <SidePanel
              tab={tab}
              onTab={setTab}
              tabs={sideTabs}
              replay={
                <Suspense fallback={<p className="note">Loading the replay panel…</p>}>
                  <ReplayPanel
                    host={host}
                    sessionId={state.sessionId}
                    // The list's name follows renames as they land; the open view's is read when it opens.
                    sessionName={answering?.name ?? state.name}
                    // A run playing back shows its events as far as its messages have come.
                    events={playback.state === 'playing' ? eventsUpToMessage(state.events, playback.shown) : state.events}
                    earlierEvents={state.earlierEvents}
                    onLoadEarlierEvents={loadEarlierEvents}
                    running={state.running || playing}
                    onImported={openImported}
                  />
                </Suspense>
              }
              workspace={
                <Suspense fallback={<p className="note">Loading the workspace panel…</p>}>
                  <WorkspacePanel
                    key={state.sessionId}
                    host={host}
                    sessionId={state.sessionId}
                    filesVersion={filesVersion}
                    sandboxStatus={state.sandboxStatus}
                    sandboxKind={activity.sandboxKind}
                    settings={settings}
                    running={state.running}
                    onOpenSettings={openSettings}
                    onSwitched={() => setFilesVersion((version) => version + 1)}
                  />
                </Suspense>
              }
              plugins={
                <Suspense fallback={<p className="note">Loading the plugins panel…</p>}>
                  <PluginsPanel key={state.sessionId} host={host} sessionId={state.sessionId} running={state.running} />
                </Suspense>
              }
            />
          ) : null}
          {sessionSettingsLoaded ? (
            <Suspense fallback={null}>
              <SessionSettingsDialog open={sessionSettingsOpen} host={host} sessionId={state.sessionId} switchesSettled={provider.settled} running={state.running} onClose={closeSessionSettings} />
            </Suspense>
          ) : null}
          {settingsLoaded ? (
            <Suspense fallback={null}>
              <SettingsDialog
                open={settingsOpen}
                settings={settings}
                host={host}
                sessionId={state.sessionId}
                readOnly={state.readOnly}
                mcpServersApplied={provider.mcpServersApplied}
                warnings={state.warnings}
                onClose={closeSettings}
                onSave={updateSettings}
              />
            </Suspense>
          ) : null}
        </div>
      </FocusPolicyContext.Provider>
    </AllowedImageHostsContext.Provider>
  )
}
