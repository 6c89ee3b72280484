// @ts-check
// Keeps one child process running, like a small systemd unit: a child that exits unasked is started again after a
// pause that doubles with each quick failure (1 s, 2 s, 4 s ... 30 s; back to 1 s once a run lasted a minute), and
// each exit and restart is logged. Children are forked with an IPC channel and scripts/supervised-child.cjs, so they
// stop when the supervisor goes away, however it goes.
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GUARD = join(dirname(fileURLToPath(import.meta.url)), 'supervised-child.cjs');

/**
 * @typedef {object} SupervisedOptions
 * @property {string} name how the logs call it
 * @property {string} modulePath the script to run
 * @property {NodeJS.ProcessEnv} env
 * @property {string} cwd
 * @property {string[]} [execArgv] Node flags (the guard is added)
 * @property {number} [initialBackoffMs] first pause before a restart (default 1000)
 * @property {number} [maxBackoffMs] longest pause (default 30000)
 * @property {number} [stableAfterMs] a run this long resets the pause (default 60000)
 * @property {(child: import('node:child_process').ChildProcess, run: number) => void} [onStart]
 * @property {(code: number | null, signal: NodeJS.Signals | null, run: number) => boolean | void} [onExit]
 *   return false to stop supervising instead of restarting
 * @property {(message: unknown) => void} [onMessage]
 * @property {(line: string) => void} [log]
 */

/** @param {SupervisedOptions} options */
export function supervise(options) {
  const log = options.log ?? ((line) => process.stderr.write(`[supervisor] ${line}\n`));
  const initial = options.initialBackoffMs ?? 1_000;
  const max = options.maxBackoffMs ?? 30_000;
  const stableAfter = options.stableAfterMs ?? 60_000;
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let run = 0;
  let failures = 0;
  let stopped = false;
  /** @type {NodeJS.Timeout | undefined} */
  let pending;

  const start = () => {
    pending = undefined;
    if (stopped) return;
    run++;
    const startedAt = Date.now();
    const current = fork(options.modulePath, [], {
      cwd: options.cwd,
      env: options.env,
      execArgv: [...(options.execArgv ?? []), '--require', GUARD],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = current;
    const thisRun = run;
    log(`${options.name} started (pid ${current.pid}, run ${thisRun})`);
    current.on('message', (message) => options.onMessage?.(message));
    // An IPC write to a child that just died: its exit is handled below.
    current.on('error', (error) => log(`${options.name}: ${error.message}`));
    current.once('exit', (code, signal) => {
      if (child === current) child = undefined;
      if (stopped) return;
      const keep = options.onExit?.(code, signal, thisRun);
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (keep === false) {
        log(`${options.name} (pid ${current.pid}) exited with ${how}`);
        stopped = true;
        return;
      }
      failures = Date.now() - startedAt >= stableAfter ? 0 : failures + 1;
      const delay = Math.min(max, initial * 2 ** Math.max(0, failures - 1));
      log(`${options.name} (pid ${current.pid}) exited with ${how}: restart ${thisRun} in ${delay} ms`);
      pending = setTimeout(start, delay);
    });
    options.onStart?.(current, thisRun);
  };
  start();

  return {
    get child() {
      return child;
    },
    /** Sends an IPC message to the running child, if any. @param {unknown} message */
    send(message) {
      if (child?.connected) child.send(/** @type {import('node:child_process').Serializable} */ (message));
    },
    /** Stops supervising and stops the child: SIGTERM, then SIGKILL after `graceMs`. @param {number} graceMs */
    stop(graceMs) {
      stopped = true;
      if (pending) clearTimeout(pending);
      const current = child;
      return new Promise((resolve) => {
        if (!current || current.exitCode !== null || current.signalCode !== null) return resolve(undefined);
        const timer = setTimeout(() => current.kill('SIGKILL'), graceMs);
        current.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
        current.kill('SIGTERM');
      });
    },
    /** Asks the child to stop and forgets it (the supervisor itself is exiting and cannot wait). */
    abandon() {
      stopped = true;
      if (pending) clearTimeout(pending);
      child?.kill('SIGTERM');
    },
  };
}
