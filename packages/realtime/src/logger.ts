/** The logging calls the realtime server makes. A pino logger fits as is. */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

const levels = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof levels)[number];

/** One JSON object a line on stdout (stderr for warn/error), for the standalone entry. */
export function jsonLogger(level: LogLevel = 'info', base: object = {}): Logger {
  const min = levels.indexOf(level);
  const write = (lvl: LogLevel) => (obj: object, msg?: string) => {
    if (levels.indexOf(lvl) < min) return;
    const line = `${JSON.stringify({ level: lvl, time: new Date().toISOString(), ...base, ...obj, msg })}\n`;
    (lvl === 'warn' || lvl === 'error' ? process.stderr : process.stdout).write(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
