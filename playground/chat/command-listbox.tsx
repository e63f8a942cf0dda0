import type { ICommand } from '../../lib/session/commands/command-types.ts'

type TCommandListboxProps = {
  id: string
  open: boolean
  commands: readonly ICommand[]
  activeIndex: number
  optionId: (index: number) => string
  onPick: (command: ICommand) => void
}

/** The slash-command suggestions under the prompt: one option per command, with its description. */
export function CommandListbox({ id, open, commands, activeIndex, optionId, onPick }: TCommandListboxProps) {
  return (
    <ul id={id} role="listbox" aria-label="Commands" className="command-listbox" hidden={!open}>
      {open
        ? commands.map((command, index) => (
            <li
              key={command.name}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'active' : undefined}
              // Picked on mouse down, before the prompt's blur would close the list.
              onMouseDown={(event) => {
                event.preventDefault()
                onPick(command)
              }}
            >
              <span className="command-name">
                /{command.name}
                {command.argumentHint ? <span className="command-hint"> {command.argumentHint}</span> : null}
              </span>
              <span className="command-description">{command.description}</span>
              {command.origin === 'skill' ? <span className="command-origin">skill</span> : null}
            </li>
          ))
        : null}
    </ul>
  )
}
