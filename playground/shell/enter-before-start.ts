/**
 * The prompt's attribute that holds what was sent with Enter in the built page's HTML before its
 * script ran: the prompt form takes it off and queues it as it starts (`prompt-form.tsx`).
 */
export const SEND_ON_START_ATTRIBUTE = 'data-send-on-start'

/**
 * Put into the built page's HTML as a script of its own, ahead of the page's script: Enter in the
 * prerendered prompt takes what was typed, as Enter does once the app runs, and keeps it in
 * `attribute` until the app queues it. One prompt waits so; what is typed after it stays in the
 * box. Listening at the window, it runs after the app's own handler, which cancels every Enter it
 * takes, so it acts only while nothing else has. Serialized with its argument: it uses nothing
 * from outside its body.
 */
export function markEnterBeforeStart(attribute: string): void {
  window.addEventListener('keydown', (event) => {
    const prompt = event.target
    if (event.defaultPrevented || event.key !== 'Enter' || event.shiftKey || event.isComposing) return
    if (!(prompt instanceof HTMLTextAreaElement) || prompt.getAttribute('aria-label') !== 'Prompt') return
    event.preventDefault()
    const text = prompt.value.trim()
    // A bare `/` stays for the app, which lists the commands for it, as the form does with its own Enter.
    if (text === '' || text === '/' || prompt.hasAttribute(attribute)) return
    prompt.setAttribute(attribute, text)
    prompt.value = ''
  })
}
