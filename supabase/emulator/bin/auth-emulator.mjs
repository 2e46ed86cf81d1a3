#!/usr/bin/env node
// In this repository the CLI runs from its TypeScript source through tsx; the packed package
// ships compiled JavaScript instead (see build/pack.mjs).
import { register } from "tsx/esm/api";

register();
await import("../cli.ts");
