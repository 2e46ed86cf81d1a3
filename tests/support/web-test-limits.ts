// Vitest "web" project setup: testing-library's waits (findBy*, waitFor) as a guard against a hang,
// not a pace. Its default, 1 s, was a pace: a lazy screen that appears after a fetch and a render
// took 1.2 s on a 2-core machine whose load climbed after the run had measured its factor, and a
// guards.test.tsx case failed at "Loading". A wait returns as soon as its element appears, so a
// longer limit costs a passing test nothing; 10 s × the machine factor (tests/support/machine.ts).
import { configure } from "@testing-library/react";
import { scaled } from "./machine";

/** How long a findBy or waitFor waits for what it looks for before the test fails. */
const TESTING_LIBRARY_WAIT_MS = 10_000;

configure({ asyncUtilTimeout: scaled(TESTING_LIBRARY_WAIT_MS) });
