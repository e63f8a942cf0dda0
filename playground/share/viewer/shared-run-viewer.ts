import { importReplayLogJsonl, type TReplayExportHeader } from '../../../lib/storage/replay-log/replay-jsonl.ts'
import type { TReplayRecord } from '../../../lib/storage/replay-log/hash-chain.ts'
import { SHARED_RUN_DATA_ID } from '../shared-run-data-id.ts'

/**
 * The viewer of a shared run: a page of its own, inlined into the exported HTML file. It reads
 * the log embedded beside it, verifies the hash chain with the SDK's own import check, and shows
 * the conversation and every event. It writes text only (never HTML) and asks for nothing over
 * the network; the file's content security policy forbids it anyway.
 */
function showSharedRun(): void {
  const text = document.getElementById(SHARED_RUN_DATA_ID)?.textContent ?? ''
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  const header = parseLine(lines[0]) as Partial<TReplayExportHeader> | undefined
  const records = lines.slice(1).map(parseLine).filter(isRecord)
  const main = element('main')
  const title = element('h1', header?.name || 'Shared run')
  main.append(title, verificationOf(text, records.length), conversationOf(records), eventsOf(records))
  document.body.append(main)
  document.title = `${title.textContent} · Robota run`
}

function verificationOf(text: string, recordCount: number): HTMLElement {
  const status = element('p')
  status.setAttribute('role', 'status')
  status.setAttribute('aria-label', 'Hash chain')
  try {
    const verified = importReplayLogJsonl(text)
    status.className = 'verified'
    status.textContent = `Hash chain verified: ${verified.records.length} records, last hash ${verified.header.lastHash.slice(0, 12)}…`
  } catch (error) {
    status.className = 'refused'
    status.textContent = `This file does not verify (${recordCount} records read): ${error instanceof Error ? error.message : String(error)}`
  }
  return status
}

function conversationOf(records: readonly TReplayRecord[]): HTMLElement {
  const section = region('Conversation')
  for (const record of records) {
    const { event } = record
    if (event.type !== 'history_mutation') continue
    const { message } = event.data as { message: { role: string; content?: unknown } }
    if (message.role !== 'user' && message.role !== 'assistant') continue
    const content = typeof message.content === 'string' ? message.content : ''
    if (content.trim() === '') continue
    const article = element('article')
    article.className = `message ${message.role}`
    const speaker = message.role === 'user' ? 'You' : 'Assistant'
    article.setAttribute('aria-label', speaker)
    article.append(element('strong', speaker), element('pre', content))
    section.append(article)
  }
  return section
}

function eventsOf(records: readonly TReplayRecord[]): HTMLElement {
  const section = region('Events')
  const list = element('ul')
  const detail = element('pre')
  detail.setAttribute('aria-label', 'Event detail')
  detail.textContent = 'Select an event to see its record.'
  for (const record of records) {
    const button = element('button', `${record.event.seq} · ${record.event.type} · ${new Date(record.event.ts).toLocaleTimeString()}`)
    button.type = 'button'
    button.addEventListener('click', () => {
      detail.textContent = JSON.stringify(record, null, 2)
    })
    const item = element('li')
    item.append(button)
    list.append(item)
  }
  section.append(element('h2', `Events (${records.length})`), list, detail)
  return section
}

function parseLine(line: string | undefined): unknown {
  try {
    return line === undefined ? undefined : (JSON.parse(line) as unknown)
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is TReplayRecord {
  const event = (value as { event?: { seq?: unknown; type?: unknown } } | undefined)?.event
  return typeof event?.seq === 'number' && typeof event.type === 'string'
}

function region(label: string): HTMLElement {
  const section = element('section')
  section.setAttribute('aria-label', label)
  return section
}

function element<TTag extends keyof HTMLElementTagNameMap>(tag: TTag, text?: string): HTMLElementTagNameMap[TTag] {
  const created = document.createElement(tag)
  if (text !== undefined) created.textContent = text
  return created
}

showSharedRun()
