// Time limits are generous and named: they stop a test that hangs, never judge how fast the
// machine is (a 2-core machine with other work on it takes several times longer than an idle
// one). Speed is measured in bench/.

/** How long one test may run. */
export const TEST_TIMEOUT_MS = 60_000
/** How long a hook may run: starting an embedded database and importing the bond universe. */
export const HOOK_TIMEOUT_MS = 180_000
/** How long a test waits for a state (`findBy…`, `waitFor`, `expect.poll`) before failing. */
export const WAIT_TIMEOUT_MS = 15_000
