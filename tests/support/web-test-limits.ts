// Web project setup: testing-library's waits guard a hang, not a pace (its 1 s default failed on a
// busy machine): 10 s × the machine factor.
import { configure } from "@testing-library/react";
import { scaled } from "./machine";

/** How long a findBy or waitFor waits for what it looks for before the test fails. */
const TESTING_LIBRARY_WAIT_MS = 10_000;

configure({ asyncUtilTimeout: scaled(TESTING_LIBRARY_WAIT_MS) });
