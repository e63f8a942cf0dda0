import { SHARED_RUN_DATA_ID } from './shared-run-data-id.ts'
import { SHARED_RUN_STYLE } from './shared-run-style.ts'

/** What a shared run's HTML file is made of. */
export type TSharedRunParts = {
  /** The session's replay log as exported (JSONL, secrets already redacted). */
  jsonl: string
  /** The page's title: the session's name. */
  title: string
  /** The viewer program, inlined as the file's one script. */
  viewerScript: string
}

/**
 * One self-contained HTML file that shows a run: the log embedded as data, the viewer and its
 * style inlined, and a content security policy that allows exactly those two (by hash) and no
 * request of any kind, so the file works offline and under the strictest policy a site serves it with.
 */
export async function buildSharedRunHtml({ jsonl, title, viewerScript }: TSharedRunParts): Promise<string> {
  const script = escapeScriptText(viewerScript)
  const [scriptHash, styleHash] = await Promise.all([sha256Base64(script), sha256Base64(SHARED_RUN_STYLE)])
  const policy = [
    "default-src 'none'",
    `script-src 'sha256-${scriptHash}'`,
    `style-src 'sha256-${styleHash}'`,
    "base-uri 'none'",
    "form-action 'none'"
  ].join('; ')
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · Robota run</title>`,
    `<style>${SHARED_RUN_STYLE}</style>`,
    '</head>',
    '<body>',
    // JSON allows `\u003c` wherever `<` stands, so no line can close the element early.
    `<script type="application/x-ndjson" id="${SHARED_RUN_DATA_ID}">${jsonl.replaceAll('<', '\\u003c')}</script>`,
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    ''
  ].join('\n')
}

// `<\/script` means the same to JavaScript in a string, a regular expression or a template.
function escapeScriptText(script: string): string {
  return script.replace(/<\/(script)/gi, '<\\/$1')
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  let binary = ''
  for (const byte of digest) binary += String.fromCharCode(byte)
  return btoa(binary)
}
