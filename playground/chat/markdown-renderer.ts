import DOMPurify from 'dompurify'
import { marked } from 'marked'

// Links in model output open in a new tab and never get the opener; set once, when this loads.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', 'noopener noreferrer')
  }
})

/** Model text as sanitized HTML: GitHub-flavoured Markdown through marked, then DOMPurify. */
export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }))
}
