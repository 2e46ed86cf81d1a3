// V8 settings of every process that serves the app: imported first by `npm start` (launch.mjs)
// and given to every bench child (scripts/bench/remote-stack.ts), so the bench measures the app
// as production runs it. Plain JavaScript, like launch.mjs: it runs before any TypeScript loader.
//
// Allocation-site pretenuring off (decision 0122). With it on, about one app process in five
// (13 of 70 measured) decides early, while its young generation is still small and the first
// burst of requests keeps most of it alive, to allocate the objects of hot request paths straight
// into the old generation, and keeps that decision for life: each scavenge then promotes ~4.5 MB,
// the old generation grows until a mark-compact, and the process spends about twice the CPU per
// request (62 against 30 µs on GET all_data, 1.7 page faults a request against none). Off, 0 of
// 32 processes did; the others' CPU per request is unchanged. Requests' objects die young, so
// nothing this server keeps benefits from pretenuring.
//
// Set at run time rather than on node's command line so that every way of starting the app
// (`npm start`, `node scripts/launch.mjs` from a process manager) gets it; the flag is read at
// each garbage collection, and this runs before the app's code is loaded.
import v8 from "node:v8";

export const APP_V8_FLAGS = ["--no-allocation-site-pretenuring"];

for (const flag of APP_V8_FLAGS) v8.setFlagsFromString(flag);
