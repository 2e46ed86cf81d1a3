// V8 settings of every process that serves the app, imported first by `npm start` and given to
// every bench child. Allocation-site pretenuring off: it sent hot request objects to the old
// generation in some processes (decision 0122). Set at run time so every way of starting gets it.
import v8 from "node:v8";

export const APP_V8_FLAGS = ["--no-allocation-site-pretenuring"];

for (const flag of APP_V8_FLAGS) v8.setFlagsFromString(flag);
