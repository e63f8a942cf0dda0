import { useRef, type ChangeEvent } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import type { TReplayRerunReport } from '../../lib/session/replay-rerun.ts'
import { downloadText } from './download-text.ts'

type TReplayTransferProps = {
  host: IAgentHost
  sessionId: string | undefined
  sessionName: string
  running: boolean
  /** True while the session has recorded no events: there is nothing to export, share, verify or re-run. */
  empty: boolean
  /** Called with the id of a session the user imported, so the page can open it. */
  onImported: (sessionId: string) => void
  /** Called with each offline re-run's report, so the panel can set it beside the recording. */
  onRerun?: (sessionId: string, report: TReplayRerunReport) => void
  /** What the last action said, shown below the buttons. */
  outcome: TReplayTransferOutcome | undefined
  /** Called as an action starts and ends; the owner keeps the outcome, so it outlives a switch of session. */
  onOutcome: (outcome: TReplayTransferOutcome) => void
}

/** What an export, import, verification or re-run said, and for a clash on import the retry as a copy. */
export type TReplayTransferOutcome = { tone: 'ok' | 'bad' | 'busy'; text: string; details?: string[]; retryAsCopy?: () => void }

/** Export, import (with verification), verify, and re-run offline: the replay log's round trip. */
export function ReplayTransfer({ host, sessionId, sessionName, running, empty, onImported, onRerun, outcome, onOutcome: setOutcome }: TReplayTransferProps) {
  const fileInput = useRef<HTMLInputElement>(null)

  const attempt = async (busyText: string, action: () => Promise<TReplayTransferOutcome>) => {
    setOutcome({ tone: 'busy', text: busyText })
    try {
      setOutcome(await action())
    } catch (error) {
      setOutcome({ tone: 'bad', text: error instanceof Error ? error.message : String(error) })
    }
  }

  const fileNameOf = (id: string, extension: string) => {
    const slug = sessionName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'session'
    return `robota-${slug}-${id.slice(0, 8)}.${extension}`
  }

  const exportLog = (id: string) =>
    attempt('Exporting…', async () => {
      const jsonl = await host.exportReplay(id)
      downloadText(jsonl, fileNameOf(id, 'jsonl'))
      return { tone: 'ok', text: `Exported ${jsonl.split('\n').filter(Boolean).length - 1} records as JSONL.` }
    })

  const shareRun = (id: string) =>
    attempt('Writing the HTML file…', async () => {
      // Loaded on first use: the viewer and its hash-chain check are no part of the page itself.
      const [jsonl, { buildSharedRunHtml }, { default: viewerScript }] = await Promise.all([
        host.exportReplay(id),
        import('../share/shared-run-html.ts'),
        import('virtual:robota-shared-run-viewer')
      ])
      downloadText(await buildSharedRunHtml({ jsonl, title: sessionName, viewerScript }), fileNameOf(id, 'html'), 'text/html')
      return { tone: 'ok', text: 'Saved the run as one HTML file: it opens offline in any browser and verifies its own hash chain.' }
    })

  const importFile = (file: File, asCopy: boolean) =>
    attempt(`Importing ${file.name}${asCopy ? ' as a copy' : ''}…`, async () => {
      const text = await file.text()
      let imported
      try {
        imported = await host.importReplay(text, asCopy ? { asCopy } : undefined)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        // The session is in this browser already: offer a copy beside it.
        if (!asCopy && /already in this store/.test(message)) return { tone: 'bad', text: message, retryAsCopy: () => void importFile(file, true) }
        throw error
      }
      const verification = await host.verifyReplay(imported.id)
      onImported(imported.id)
      if (!verification.ok) return { tone: 'bad', text: `Imported, but the chain does not verify: ${verification.reason}` }
      return { tone: 'ok', text: `Imported ${file.name}${asCopy ? ' as a copy' : ''}: hash chain verified, ${verification.recordCount} records, ${imported.messageCount} messages.` }
    })

  const importLog = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) void importFile(file, false)
  }

  const verify = (id: string) =>
    attempt('Verifying…', async () => {
      const verification = await host.verifyReplay(id)
      return verification.ok
        ? { tone: 'ok', text: `Hash chain intact: ${verification.recordCount} records, last hash ${verification.lastHash.slice(0, 12)}…` }
        : { tone: 'bad', text: `The log does not verify at record ${verification.index}: ${verification.reason}` }
    })

  const rerun = (id: string) =>
    attempt('Re-running offline with the recorded model answers…', async () => {
      const report = await host.rerunReplay(id)
      onRerun?.(id, report)
      return describeRerun(report)
    })

  const off = !sessionId || running || empty
  const why = empty ? 'This session has no events yet' : undefined

  return (
    <div className="replay-transfer">
      <div className="button-row">
        <button type="button" disabled={off} title={why} onClick={() => sessionId && void exportLog(sessionId)}>
          Export JSONL
        </button>
        <button
          type="button"
          disabled={off}
          title={why ?? 'One HTML file with the whole run and its viewer, to open anywhere without this page'}
          onClick={() => sessionId && void shareRun(sessionId)}
        >
          Share as HTML
        </button>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Import JSONL
        </button>
        <input ref={fileInput} type="file" accept=".jsonl,application/x-ndjson,application/json,text/plain" hidden aria-label="Replay log file" onChange={importLog} />
        <button type="button" disabled={off} title={why} onClick={() => sessionId && void verify(sessionId)}>
          Verify
        </button>
        <button
          type="button"
          disabled={off}
          title={why ?? 'Answer every model call from this log and run the tools again in a fresh sandbox'}
          onClick={() => sessionId && void rerun(sessionId)}
        >
          Re-run offline
        </button>
      </div>
      {outcome ? (
        <div className={`outcome ${outcome.tone}`} role={outcome.tone === 'bad' ? 'alert' : 'status'} aria-label="Replay log status">
          {outcome.tone === 'busy' ? <span className="spinner" aria-hidden="true" /> : null}
          <p>{outcome.text}</p>
          {(outcome.details ?? []).map((detail) => (
            <p key={detail} className="detail">
              {detail}
            </p>
          ))}
          {outcome.retryAsCopy ? (
            <button type="button" onClick={outcome.retryAsCopy}>
              Import as a copy
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

function describeRerun(report: TReplayRerunReport): TReplayTransferOutcome {
  const counts = `${report.prompts} prompt${report.prompts === 1 ? '' : 's'}, ${report.replayedCalls} of ${report.recordedCalls} model calls, ${report.replayedMessages} message${report.replayedMessages === 1 ? '' : 's'}`
  if (report.matches) return { tone: 'ok', text: `Re-run matches the recording: ${counts}.` }
  const details = [
    ...(report.divergence ? [report.divergence] : []),
    ...(report.difference ? [`Message ${report.difference.index + 1} recorded: ${report.difference.recorded}`, `Message ${report.difference.index + 1} re-run: ${report.difference.replayed}`] : [])
  ]
  return { tone: 'bad', text: `Re-run differs from the recording (${counts}).`, details }
}
