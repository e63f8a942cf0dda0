/** Layout of the playground inside `<robota-playground>`: sized by the host page, narrower columns. */
export const EMBED_STYLES = `
:host { display: block; box-sizing: border-box; height: var(--robota-playground-height, 640px); container-type: inline-size; border: 1px solid #d9dbe1; border-radius: 12px; overflow: hidden; }
.robota-mount { height: 100%; }
.robota-root.embedded { height: 100%; grid-template-columns: 190px minmax(0, 1fr) minmax(280px, 360px); }
.robota-root.embedded.without-sessions { grid-template-columns: minmax(0, 1fr) minmax(280px, 360px); }
.robota-root.embedded.without-side-panel { grid-template-columns: 190px minmax(0, 1fr); }
.robota-root.embedded.without-sessions.without-side-panel { grid-template-columns: minmax(0, 1fr); }
@container (max-width: 860px) {
  .robota-root.embedded, .robota-root.embedded.without-sessions, .robota-root.embedded.without-side-panel { grid-template-columns: minmax(0, 1fr); grid-template-rows: auto minmax(0, 1fr) auto; }
  .robota-root.embedded .sessions, .robota-root.embedded .side-panel { display: none; }
}
`
