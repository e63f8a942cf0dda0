/** The shared run's look: legible in light and dark, no fonts or images fetched. */
export const SHARED_RUN_STYLE = `
:root { color-scheme: light dark; font: 15px/1.5 system-ui, sans-serif; }
main { max-width: 980px; margin: 0 auto; padding: 16px; }
.verified { color: #14632b; } .refused { color: #a3261b; }
section { margin: 18px 0; }
.message { border: 1px solid #8884; border-radius: 8px; padding: 4px 12px; margin: 8px 0; }
.message.user { background: #4a7dff14; }
.message pre, section > pre { white-space: pre-wrap; word-break: break-word; font: 13px/1.45 ui-monospace, monospace; }
ul { max-height: 50vh; overflow: auto; padding: 0; list-style: none; }
.message strong { display: block; margin-top: 6px; font-size: 0.85rem; opacity: 0.75; }
li button { font: inherit; background: none; border: 0; color: inherit; text-align: left; cursor: pointer; padding: 1px 0; }
li button:hover, li button:focus-visible { text-decoration: underline; }
`
