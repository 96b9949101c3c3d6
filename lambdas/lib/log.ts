/** Structured JSON logs, one line per entry, tagged with the request id. Never log tokens or headers. */
export type Logger = ReturnType<typeof createLogger>;

export function createLogger(base: Record<string, unknown> = {}) {
  const write = (level: string, message: string, extra?: Record<string, unknown>) => {
    if (process.env.LOG_LEVEL === 'silent') return;
    const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...base, ...extra });
    (level === 'error' ? console.error : console.log)(line);
  };
  return {
    info: (message: string, extra?: Record<string, unknown>) => write('info', message, extra),
    warn: (message: string, extra?: Record<string, unknown>) => write('warn', message, extra),
    error: (message: string, extra?: Record<string, unknown>) => write('error', message, extra),
  };
}
