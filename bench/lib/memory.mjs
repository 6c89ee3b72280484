// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';

/** @param {number} pid @param {'VmRSS' | 'VmHWM'} field */
function statusMb(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Resident memory now, in MB. @param {number} pid */
export const rssMb = (pid) => statusMb(pid, 'VmRSS');
/** The process's peak resident memory so far (VmHWM), in MB. @param {number} pid */
export const peakRssMb = (pid) => statusMb(pid, 'VmHWM');

/**
 * Resets the process's peak (VmHWM) to its current resident memory, so a later peakRssMb() measures a window (the
 * load) rather than the whole life of the process (Linux: /proc/<pid>/clear_refs, value 5).
 * @param {number} pid
 */
export function resetPeak(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * CPU time (user + system) a process has used so far, in milliseconds (/proc/<pid>/stat, clock ticks of 1/100 s).
 * @param {number} pid
 */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
