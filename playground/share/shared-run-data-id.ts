/** The id of the element of a shared run's HTML file that holds the log, as JSONL. */
export const SHARED_RUN_DATA_ID = 'robota-run'
