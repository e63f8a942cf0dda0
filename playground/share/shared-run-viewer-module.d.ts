/** The shared run viewer (playground/share/viewer/), bundled into one script by the build. */
declare module 'virtual:robota-shared-run-viewer' {
  const viewerScript: string
  export default viewerScript
}
