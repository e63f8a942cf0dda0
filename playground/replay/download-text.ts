/** Saves `text` as a file download named `fileName`, through a temporary object URL. */
export function downloadText(text: string, fileName: string, type = 'application/x-ndjson'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next task: Chromium reads the URL asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
