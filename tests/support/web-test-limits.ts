// Vitest "web" project setup: testing-library's waits (findBy*, waitFor: 1 s by default) scaled for
// this machine (tests/support/machine.ts). A component that appears after a fetch and a render on
// a busy 2-core machine can take longer than a second; the wait guards against it never appearing.
import { configure } from "@testing-library/react";
import { scaled } from "./machine";

/** testing-library's default asyncUtilTimeout. */
const TESTING_LIBRARY_WAIT_MS = 1_000;

configure({ asyncUtilTimeout: scaled(TESTING_LIBRARY_WAIT_MS) });
