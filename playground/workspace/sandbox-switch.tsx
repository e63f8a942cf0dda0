import { useId, useState } from 'react'
import type { IAgentHost, TSandboxChoice, TSandboxSwitch } from '../../lib/host/agent-host.ts'
import type { TPlaygroundSettings } from '../settings/playground-settings.ts'
import { toE2BSandboxChoice } from '../settings/settings-problems.ts'

type TSandboxSwitchProps = {
  host: IAgentHost
  sessionId: string
  /** The kind the session runs in now. */
  current: TSandboxChoice['kind']
  settings: TPlaygroundSettings
  /** True while a turn runs: the sandbox cannot change under it. */
  running: boolean
  onOpenSettings: () => void
  onSwitched: () => void
}

type TSwitchState =
  | { phase: 'idle' }
  | { phase: 'switching'; kind: TSandboxChoice['kind'] }
  | { phase: 'switched'; result: TSandboxSwitch }
  | { phase: 'failed'; message: string; needsSettings: boolean }

const LABELS: Record<TSandboxChoice['kind'], string> = { 'in-memory': 'In-memory (this tab)', e2b: 'E2B microVM' }

/**
 * Where the session's tools run: the in-memory sandbox or an E2B microVM made with the E2B
 * settings. The workspace files are copied across; the panel says how many, or what was not.
 */
export function SandboxSwitch({ host, sessionId, current, settings, running, onOpenSettings, onSwitched }: TSandboxSwitchProps) {
  const [wanted, setWanted] = useState<TSandboxChoice['kind']>(current)
  const [state, setState] = useState<TSwitchState>({ phase: 'idle' })
  const id = useId()
  const e2b = toE2BSandboxChoice(settings)
  const missing = wanted === 'e2b' && 'problem' in e2b ? e2b.problem : undefined

  const switchSandbox = async () => {
    const choice: TSandboxChoice | undefined = wanted === 'in-memory' ? { kind: 'in-memory' } : 'problem' in e2b ? undefined : e2b
    if (!choice) return
    setState({ phase: 'switching', kind: choice.kind })
    try {
      const result = await host.setSandbox(sessionId, choice)
      setState({ phase: 'switched', result })
      onSwitched()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      setState({ phase: 'failed', message, needsSettings: /Settings/.test(message) })
    }
  }

  const busy = state.phase === 'switching'
  return (
    <fieldset className="sandbox-kind" aria-describedby={`${id}-status`}>
      <legend>Sandbox</legend>
      <p className="note">
        Runs in: <strong>{LABELS[current]}</strong>
      </p>
      {(['in-memory', 'e2b'] as const).map((kind) => (
        <label key={kind}>
          <input type="radio" name={`${id}-sandbox-kind`} value={kind} checked={wanted === kind} disabled={busy} onChange={() => setWanted(kind)} /> {LABELS[kind]}
        </label>
      ))}
      {missing ? (
        <p className="note sandbox-missing">
          {missing}{' '}
          <button type="button" className="link" onClick={onOpenSettings}>
            Open Settings
          </button>
        </p>
      ) : null}
      <button type="button" onClick={() => void switchSandbox()} disabled={busy || running || wanted === current || missing !== undefined}>
        Switch sandbox
      </button>
      {running ? <p className="note">The sandbox can change once the running turn ends.</p> : null}
      <div id={`${id}-status`}>
        {busy ? (
          <p className="progress" role="status">
            <span className="spinner" aria-hidden="true" /> Starting the {LABELS[state.kind]} sandbox and copying the workspace files…
          </p>
        ) : null}
        {state.phase === 'switched' ? (
          <p className="note sandbox-result" role="status">
            {describeSwitch(state.result)}
          </p>
        ) : null}
        {state.phase === 'failed' ? (
          <p className="error" role="alert">
            {state.message}{' '}
            {state.needsSettings ? (
              <button type="button" className="link" onClick={onOpenSettings}>
                Open Settings
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
    </fieldset>
  )
}

/** What a switch did with the files, in one sentence. */
export function describeSwitch(result: TSandboxSwitch): string {
  const where = LABELS[result.kind]
  const files = `${result.filesCopied} workspace file${result.filesCopied === 1 ? '' : 's'}`
  if (result.filesNotCopied) return `Now running in the ${where} sandbox. ${files} copied, but not all of them: ${result.filesNotCopied}.`
  return `Now running in the ${where} sandbox, with ${files} copied over.`
}
