/**
 * The text of an input chunk that is one line followed by Enter (`\r`, or `\n`/`\r\n` from a
 * driver that writes line feeds), or `undefined` for anything else. Keys typed faster than the
 * terminal is read, or written by a script, arrive this way and mean "type this, then submit";
 * a pasted block of several lines holds a line break before its end and stays text to edit.
 */
export function splitTrailingEnter(input: string): string | undefined {
  const typed = /^([^\r\n]+)(?:\r\n?|\n)$/.exec(input)
  return typed?.[1]
}
