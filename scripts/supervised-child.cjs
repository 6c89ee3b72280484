// @ts-check
// Loaded into every process `npm start` supervises (node --require): such a process never outlives its supervisor.
// The supervisor may be stopped by a signal it cannot catch (SIGKILL, the OOM killer); its IPC channel then closes,
// and this process stops the way it stops on SIGTERM (its own shutdown), or at once if that takes too long. Polling
// the parent's pid covers a process started without an IPC channel.
'use strict';

const STOP_GRACE_MS = 5_000;
const parent = process.ppid;
let leaving = false;

function parentGone() {
  if (leaving) return;
  leaving = true;
  process.stderr.write(`[${process.pid}] its supervisor (${parent}) is gone: stopping\n`);
  setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
  process.kill(process.pid, 'SIGTERM');
}

if (process.send) process.once('disconnect', parentGone);
setInterval(() => {
  if (process.ppid !== parent) parentGone();
}, 1_000).unref();
