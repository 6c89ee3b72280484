import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before the application allocates anything. The BFF once ran with
// `--optimize-for-size`: it kept the resident memory under load near 170 MB, but V8 then leaves hot code less
// optimised and runs a full mark-compact of its small heap whenever streamed buffers come and go (measured by
// bench/import.mjs and bench/search.mjs: session zips and files sent by the BFF at 0.3-0.4 of a bare server, about
// twice the CPU per search). Without it they reach about 1.0 and half the CPU, for more memory: about 180 MB at rest
// and a peak near 420 MB under 50 connections instead of 170 MB (bench/RESULTS.md). The heap's limit can only be
// given when the process starts, so the commands that start the BFF (scripts/start.mjs, docker/bff.Dockerfile,
// bench/run.mjs) cap the old generation at 192 MB (docs/security-traffic.md). A smaller young generation than V8's default keeps part of the memory back: streamed chunks
// still die young.
setFlagsFromString('--max-semi-space-size=8');
