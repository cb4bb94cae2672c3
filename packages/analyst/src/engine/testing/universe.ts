// The unit tests' universe: a slice of the real one (see universe.json's "about").
import type { AnalystBond } from '../types.ts'
import fixture from './universe.json' with { type: 'json' }

/** The slice's bonds. */
export const UNIVERSE = fixture.bonds as AnalystBond[]
/** The day the slice was cut. */
export const TODAY = '2026-11-27'
