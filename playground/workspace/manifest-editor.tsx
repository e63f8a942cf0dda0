import { useId, useRef, useState } from 'react'
import type { IAgentHost, TManifestApplication } from '../../lib/host/agent-host.ts'
import { manifestProblemsFromError, parseManifestText, type TManifestProblem } from './manifest-problems.ts'
import { formatManifest, SAMPLE_MANIFESTS } from './sample-manifests.ts'
import { useElapsedSeconds } from './use-elapsed-seconds.ts'

type TManifestEditorProps = {
  host: IAgentHost
  sessionId: string
  /** A turn runs in the session, which refuses a manifest until it ends. */
  running: boolean
  onApplied: () => void
}

type TApplyState = { state: 'idle' } | { state: 'applying' } | { state: 'applied'; result: TManifestApplication } | { state: 'failed'; message: string }

/** Pick a sample or write a manifest as JSON, see every validation problem on its line, apply it. */
export function ManifestEditor({ host, sessionId, running, onApplied }: TManifestEditorProps) {
  const [sampleId, setSampleId] = useState(SAMPLE_MANIFESTS[0]?.id ?? '')
  const [text, setText] = useState(formatManifest(SAMPLE_MANIFESTS[0]?.manifest ?? { entries: {} }))
  const [problems, setProblems] = useState<TManifestProblem[]>([])
  const [apply, setApply] = useState<TApplyState>({ state: 'idle' })
  const editor = useRef<HTMLTextAreaElement>(null)
  const elapsed = useElapsedSeconds(apply.state === 'applying')
  const id = useId()
  const sample = SAMPLE_MANIFESTS.find((candidate) => candidate.id === sampleId)

  const pick = (id: string) => {
    const chosen = SAMPLE_MANIFESTS.find((candidate) => candidate.id === id)
    setSampleId(id)
    if (chosen) setText(formatManifest(chosen.manifest))
    setProblems([])
    setApply({ state: 'idle' })
  }

  const submit = async () => {
    const parsed = parseManifestText(text)
    setProblems(parsed.problems)
    if (parsed.problems.length > 0) return
    setApply({ state: 'applying' })
    try {
      const result = await host.applyManifest(sessionId, parsed.manifest)
      setApply({ state: 'applied', result })
      onApplied()
    } catch (error) {
      const rejected = manifestProblemsFromError(error, text)
      if (rejected) {
        setProblems(rejected)
        setApply({ state: 'idle' })
      } else setApply({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  }

  const goToLine = (line: number) => {
    const area = editor.current
    if (!area) return
    const start = text.split('\n').slice(0, line - 1).join('\n').length + (line > 1 ? 1 : 0)
    area.focus()
    area.setSelectionRange(start, start + (text.split('\n')[line - 1]?.length ?? 0))
  }

  return (
    <section className="manifest-editor" aria-label="Workspace manifest">
      <h3>Workspace manifest</h3>
      <p className="note">Files to add to this session's sandbox (its files now are listed above): start from a sample or write your own, then apply it.</p>
      <div className="field">
        <label htmlFor={`${id}-sample`}>Sample</label>
        <select id={`${id}-sample`} value={sampleId} onChange={(event) => pick(event.target.value)}>
          {SAMPLE_MANIFESTS.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.label}
            </option>
          ))}
        </select>
      </div>
      {sample ? <p className="note">{sample.description}</p> : null}
      <div className="field">
        <label htmlFor={`${id}-json`}>Manifest JSON</label>
        <textarea
          id={`${id}-json`}
          ref={editor}
          className="manifest-json"
          spellCheck={false}
          rows={12}
          value={text}
          aria-invalid={problems.length > 0}
          aria-describedby={problems.length > 0 ? 'manifest-problems' : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {problems.length > 0 ? (
        <div id="manifest-problems" className="manifest-problems" role="alert" aria-label="Manifest problems">
          <p>
            {problems.length} problem{problems.length === 1 ? '' : 's'}; nothing was written:
          </p>
          {problems.map((problem, index) => (
            <p key={index} className="problem">
              {problem.line === undefined ? null : (
                <button type="button" className="link" onClick={() => goToLine(problem.line as number)}>
                  line {problem.line}
                </button>
              )}{' '}
              {problem.message}
            </p>
          ))}
        </div>
      ) : null}
      <div className="button-row">
        <button type="button" className="primary" disabled={apply.state === 'applying' || running} onClick={() => void submit()}>
          Apply to sandbox
        </button>
        {apply.state === 'applying' ? (
          <button type="button" onClick={() => void host.abort(sessionId)}>
            Stop hydration
          </button>
        ) : null}
      </div>
      {running && apply.state !== 'applying' ? <p className="note">A manifest can be applied once the running turn ends.</p> : null}
      {apply.state === 'applying' ? (
        <p className="progress" role="status">
          <span className="spinner" aria-hidden="true" /> Applying the manifest… {elapsed}s (a git clone can take a while)
        </p>
      ) : null}
      {apply.state === 'failed' ? <p className="error" role="alert">{apply.message}</p> : null}
      {apply.state === 'applied' && apply.result.aborted ? (
        <p className="note" role="status">
          Stopped: the entries marked failed were not written. Apply again to finish.
        </p>
      ) : null}
      {apply.state === 'applied' ? (
        <table className="manifest-result" aria-label="Manifest result">
          <tbody>
            {apply.result.entries.map((entry) => (
              <tr key={entry.path} className={entry.status}>
                <td>{entry.path}</td>
                <td>{entry.type}</td>
                <td>{entry.status}</td>
                <td>{entry.message ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
