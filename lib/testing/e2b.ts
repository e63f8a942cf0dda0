// `robota/testing/e2b`: the fake E2B cloud, apart from `robota/testing` because its types are cut
// from the `e2b` SDK's, which an app installs only when it uses E2B.
export { FakeE2BCloud, FakeE2BSandbox } from './fake-e2b-sandbox.ts'
export { FakeE2BCommandHandle, FakeE2BCommands } from './fake-e2b-sandbox-commands.ts'
export { FakeE2BFiles } from './fake-e2b-sandbox-files.ts'
export type { TFakeE2BOutputListener } from './fake-e2b-sandbox-commands.ts'
export type { TFakeE2BWriteData, TFakeE2BWriteEntry } from './fake-e2b-sandbox-files.ts'

export type { TFakeE2BCloudOptions, TFakeE2BCloudRequest } from './fake-e2b-sandbox.ts'
export type { TFakeE2BContext, TFakeE2BErrorClasses } from './fake-e2b-sandbox-context.ts'
export { startFakeE2BServer } from './fake-e2b-server.ts'
export type { TFakeE2BServer, TFakeE2BServerOptions, TFakeE2BServerRequest } from './fake-e2b-server.ts'
