import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { TMcpServerStatus } from '../../lib/host/agent-host.ts'
import type { TPlaygroundMcpServer } from './mcp-server-settings.ts'
import { FieldProblem, focusFirstInvalidField, problemAttributes } from './field-problem.tsx'
import { findMcpServerProblem, type TMcpServerField } from './settings-problems.ts'

type TMcpServerFieldsProps = {
  servers: TPlaygroundMcpServer[]
  /** The open session's servers as the host reports them. */
  statuses: readonly TMcpServerStatus[]
  onChange: (servers: TPlaygroundMcpServer[]) => void
  /** The add-a-server fields as typed; the dialog keeps them, so that Save adds a server left there. */
  adding: TPlaygroundMcpServer
  onAddingChange: (adding: TPlaygroundMcpServer) => void
  /** Whether a Save was refused: from then on a server typed in the add-fields is checked too. */
  saveRefused: boolean
}

/** The add-a-server fields with nothing typed in them. */
export const EMPTY_MCP_SERVER: TPlaygroundMcpServer = { name: '', url: '', headers: '', enabled: true }

/** Whether the add-a-server fields hold nothing: name, URL and headers all blank. */
export function isBlankMcpServer(adding: TPlaygroundMcpServer): boolean {
  return !adding.name.trim() && !adding.url.trim() && !adding.headers.trim()
}

/** The server the add-a-server fields describe, as it is listed once added. */
export function toAddedMcpServer(adding: TPlaygroundMcpServer): TPlaygroundMcpServer {
  return { ...adding, name: adding.name.trim(), url: adding.url.trim() }
}

/** The Settings section listing the page's MCP servers (on or off, with the host's status and tools), and a form to add one. */
export function McpServerFields({ servers, statuses, onChange, adding, onAddingChange, saveRefused }: TMcpServerFieldsProps) {
  // Counts the Adds refused for a problem: each moves the keyboard to the field in question.
  const [refusedAdds, setRefusedAdds] = useState(0)
  const fieldset = useRef<HTMLFieldSetElement>(null)
  const id = useId()
  const server = toAddedMcpServer(adding)
  // Once an Add or a Save was refused, the problem follows the fields as they are edited, so a fixed one clears.
  const checked = refusedAdds > 0 || (saveRefused && !isBlankMcpServer(adding))
  const problem = checked ? findMcpServerProblem(server, servers) : undefined
  const problemWith = (field: TMcpServerField) => (problem?.field === field ? problem.message : undefined)
  const marked = (field: TMcpServerField) => problemAttributes(problemWith(field), `${id}-problem`)

  useEffect(() => {
    if (refusedAdds > 0) focusFirstInvalidField(fieldset.current)
  }, [refusedAdds])

  const add = () => {
    if (findMcpServerProblem(server, servers)) {
      setRefusedAdds((count) => count + 1)
      return
    }
    onChange([...servers, server])
    onAddingChange(EMPTY_MCP_SERVER)
    setRefusedAdds(0)
  }

  // Enter in a one-line field would submit the whole Settings form, saving and closing it: here it
  // belongs to the server being typed, so it adds that one, and on a listed server's checkbox it
  // does nothing. Buttons keep their own Enter and the headers' textarea its new line.
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const target = event.target
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || !(target instanceof HTMLInputElement)) return
    event.preventDefault()
    if (target.type !== 'checkbox') add()
  }

  return (
    <fieldset className="mcp-servers" ref={fieldset} onKeyDown={onKeyDown}>
      <legend>MCP servers</legend>
      <p className="note">
        Their tools are offered in every session as <code>mcp__name__tool</code>, and ask before they run. The server must allow this page’s origin (CORS). Header values are
        kept like keys: in memory unless “Remember keys” is ticked.
      </p>
      {servers.length > 0 ? (
        <ul className="mcp-server-list" aria-label="MCP servers">
          {servers.map((server, index) => (
            <li key={server.name} aria-label={`MCP server ${server.name}`}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={server.enabled}
                  onChange={(event) => onChange(servers.map((entry, at) => (at === index ? { ...entry, enabled: event.target.checked } : entry)))}
                />
                Use {server.name}
              </label>
              <code className="mcp-server-url">{server.url}</code>
              <p className="note mcp-server-status">{describeStatus(server, statuses)}</p>
              <button type="button" aria-label={`Remove MCP server ${server.name}`} onClick={() => onChange(servers.filter((_, at) => at !== index))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-name`}>Server name</label>
        <input id={`${id}-name`} {...marked('name')} type="text" spellCheck={false} placeholder="docs" value={adding.name} onChange={(event) => onAddingChange({ ...adding, name: event.target.value })} />
        <FieldProblem id={`${id}-problem`} problem={problemWith('name')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-url`}>Server URL</label>
        <input id={`${id}-url`} {...marked('url')} type="url" placeholder="https://mcp.example.com/mcp" value={adding.url} onChange={(event) => onAddingChange({ ...adding, url: event.target.value })} />
        <FieldProblem id={`${id}-problem`} problem={problemWith('url')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-headers`}>Headers (optional, one “Name: value” a line)</label>
        <textarea
          id={`${id}-headers`}
          {...marked('headers')}
          rows={2}
          spellCheck={false}
          autoComplete="off"
          placeholder="authorization: Bearer …"
          value={adding.headers}
          onChange={(event) => onAddingChange({ ...adding, headers: event.target.value })}
        />
        <FieldProblem id={`${id}-problem`} problem={problemWith('headers')} />
      </div>
      <div className="button-row">
        <button type="button" onClick={add}>
          Add server
        </button>
      </div>
    </fieldset>
  )
}

function describeStatus(server: TPlaygroundMcpServer, statuses: readonly TMcpServerStatus[]): string {
  if (!server.enabled) return 'Off.'
  const status = statuses.find((entry) => entry.name === server.name)
  if (!status) return 'Not connected yet: it connects once saved, in the open session.'
  if (status.status === 'failed') return `Failed: ${status.error}`
  const prefix = `mcp__${server.name}__`
  const tools = status.tools.map((tool) => (tool.startsWith(prefix) ? tool.slice(prefix.length) : tool))
  return tools.length > 0 ? `Connected. Tools: ${tools.join(', ')}` : 'Connected. It lists no tools.'
}
