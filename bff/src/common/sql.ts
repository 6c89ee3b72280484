/** An instant as the API shows it (ISO 8601 UTC with milliseconds), computed by the database. */
export const isoTimestamp = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
