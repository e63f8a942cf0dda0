/**
 * How the message of a worker whose host could not be built begins: the worker writes it, the page
 * recognises it (every call then rejects with that error, so it is not reported twice).
 */
export const WORKER_START_FAILURE = 'The agent worker could not start: '
