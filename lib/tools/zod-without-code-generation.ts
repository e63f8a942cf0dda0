import * as z from 'zod'

// zod compiles object parsers with `new Function` unless told not to, and it decides when each
// schema is built: this must run before any module that builds one, so a browser entry (the agent
// worker) imports it first. A strict CSP (no 'unsafe-eval') forbids that code.
z.config({ jitless: true })

/** True once zod is set never to generate code; imported for this effect. */
export const ZOD_GENERATES_NO_CODE = z.config().jitless === true
