// Property tests in `npm test` draw their inputs from one fixed seed, so a run is repeatable and a
// counterexample never appears by chance on one CI run and not the next (the chat-quote parser's
// property test found "7.18 0L BIDS" that way). Exploring is asked for: FC_SEED=<n> replays one
// seed, FC_SEED=random draws a new one and prints it; volume lives in bench/ (`run.mjs fuzz`).
import fc from 'fast-check'

/** The seed npm test uses when FC_SEED is not set. */
export const DEFAULT_FC_SEED = 20_261_127

const asked = process.env.FC_SEED
const seed =
  asked === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : asked !== undefined && asked !== ''
      ? Number(asked)
      : DEFAULT_FC_SEED
if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", not ${asked}`)
if (asked === 'random') console.info(`fast-check: FC_SEED=${seed}`)
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed })
