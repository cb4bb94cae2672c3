// The embedded clearing corporation checks a report as NSE Clearing and ICCL do, and opens the
// stored password only inside itself.
import { describe, expect, it } from 'vitest'
import { secretBox } from '../../crypto.ts'
import { simulatedClearing, validIsin, type ClearingReport } from './clearing.ts'

const box = secretBox('clearing-test')
const opened: string[] = []
const clearing = simulatedClearing({
  open: (sealed) => {
    const plain = box.open(sealed)
    opened.push(plain)
    return plain
  },
})

const report = (change: Partial<ClearingReport> = {}): ClearingReport => ({
  corp: 'NSCCL',
  dealId: 42,
  reporterClientId: 'capital',
  counterpartyClientId: 'securities',
  side: 'buy',
  isin: 'IN0020210244',
  convention: 'GSEC',
  quantum: 150_000_000,
  cleanPrice: 97.8635,
  bondYield: 0.0704,
  tradeDate: '2026-11-25',
  tradedAt: new Date('2026-11-25T05:30:00Z'),
  settlementDate: '2026-11-26',
  consideration: '150340900.50',
  credentials: { participantCode: 'DEMOCAP01', username: 'cap', passwordEncrypted: box.seal('pw') },
  counterpartyCode: 'DEMOSEC02',
  ...change,
})

describe('the simulated clearing corporation', () => {
  it('confirms a good report with a reference carrying the date and the deal', async () => {
    expect(await clearing.report(report())).toEqual({
      ok: true,
      reference: expect.stringMatching(/^NCL20261125000042\d{2}$/),
    })
    expect(opened).toEqual(['pw'])
    expect(await clearing.report(report({ corp: 'ICCL' }))).toMatchObject({
      reference: expect.stringMatching(/^ICL/),
    })
  })

  it('rejects what a clearing corporation rejects, with its reason', async () => {
    const cases: [Partial<ClearingReport>, RegExp][] = [
      [{ credentials: null }, /No NSE Clearing credentials are stored/],
      [
        { credentials: { participantCode: 'X', username: 'u', passwordEncrypted: box.seal('p') } },
        /your participant code is invalid/,
      ],
      [
        { credentials: { participantCode: 'DEMOCAP01', username: 'u', passwordEncrypted: 'junk' } },
        /sign-in failed/,
      ],
      [{ counterpartyCode: null }, /counterparty has no NSE Clearing participant code/],
      [{ counterpartyCode: 'DEMOCAP01' }, /both sides have one code/],
      [{ isin: 'IN0020210245' }, /invalid ISIN/],
      [{ settlementDate: '2026-11-24' }, /settlement before the trade/],
      [{ settlementDate: '2026-11-28' }, /2026-11-28 is not a settlement day/], // a Saturday
      [{ quantum: 0 }, /no value/],
    ]
    for (const [change, reason] of cases) {
      const result = await clearing.report(report(change))
      expect(result.ok, JSON.stringify(change)).toBe(false)
      expect(result.ok ? '' : result.reason).toMatch(reason)
    }
  })

  it('knows an ISIN by its check digit', () => {
    expect(validIsin('IN0020210244')).toBe(true)
    expect(validIsin('INE121A07RE9')).toBe(true)
    expect(validIsin('US0378331005')).toBe(true)
    expect(validIsin('US0378331006')).toBe(false)
    expect(validIsin('in0020210244')).toBe(false)
  })
})
