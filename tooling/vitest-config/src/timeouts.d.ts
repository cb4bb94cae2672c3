/** How long one test may run (generous: a limit for hangs, never a speed check). */
export declare const TEST_TIMEOUT_MS: number
/** How long a hook may run: starting an embedded database and importing the bond universe. */
export declare const HOOK_TIMEOUT_MS: number
/** How long a test waits for a state (`findBy…`, `waitFor`, `expect.poll`) before failing. */
export declare const WAIT_TIMEOUT_MS: number
