/**
 * Structured JSON logs, one line per event. Callers pass ids, routes, statuses and durations:
 * never e-mail addresses, IP addresses, passwords, tokens or file contents.
 */
export type LogLevel = 'info' | 'warn' | 'error';

export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}
