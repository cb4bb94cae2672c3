import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AnswerView, resultLabel, rowLinks, tableLabel } from './answer-view.tsx'
import { toCsv } from './csv.ts'
import { maturityProfile, profileSummary } from './maturity-chart.tsx'

describe('an answer', () => {
  it('shows the typed result first, links bonds to their security page and renders no markup', () => {
    renderWithStore(
      <AnswerView
        message={{
          text: '**6.2841%**: the yield of [6.54% GS 2032](/security/IN0020210244) (IN0020210244).\n\n- <img src=x onerror=alert(1)> [evil](https://evil.test) \\[x\\]',
          result: { kind: 'number', value: 6.2841, unit: '%' },
          bonds: [{ id: 'IN0020210244', isin: 'IN0020210244', name: '6.54% GS 2032' }],
        }}
      />,
    )
    const answer = screen.getByTestId('mind-answer')
    expect(screen.getByTestId('mind-result').textContent).toBe('6.2841%')
    expect(within(answer).getByRole('link', { name: '6.54% GS 2032' }).getAttribute('href')).toBe(
      '/security/IN0020210244',
    )
    expect(answer.querySelector('img')).toBeNull()
    expect(within(answer).queryByRole('link', { name: 'evil' })).toBeNull()
    expect(answer.textContent).toContain('<img src=x onerror=alert(1)>')
    expect(answer.textContent).toContain('[x]')
  })

  it('draws a curve as a figure, described by its summary, its bonds linked through the table', async () => {
    renderWithStore(
      <AnswerView
        message={{
          text: '**2 points**',
          result: { kind: 'bonds', value: ['A', 'B'] },
          bonds: [],
          chart: {
            title: 'Disclosed yields',
            yLabel: 'Yield (%)',
            points: [
              { x: 1.5, y: 7.1, id: 'INE1', name: 'Bond one' },
              { x: 9.2, y: 7.6, id: 'INE2', name: 'Bond two' },
            ],
          },
          table: {
            columns: ['Bond', 'ISIN', 'Years to maturity', 'Yield (%)', 'As of'],
            rows: [
              ['Bond one', 'INE1', 1.5, 7.1, '2026-11-20'],
              ['Bond two', 'INE2', 9.2, 7.6, '2026-11-20'],
            ],
          },
        }}
      />,
    )
    const chart = screen.getByTestId('mind-chart')
    expect(
      screen.getByRole('group', { name: 'Disclosed yields: Yield (%) against years to maturity' }),
    ).toBe(chart)
    expect(chart.closest('figure')?.querySelector('figcaption')?.textContent).toBe(
      'Disclosed yields: Yield (%) against years to maturity',
    )
    const summary = document.getElementById(chart.getAttribute('aria-describedby')!)
    expect(summary?.textContent).toBe(
      '2 bonds from 1.5 to 9.2 years to maturity; yields from 7.1% to 7.6%. The table below lists every point, each bond linked.',
    )
    // The Mantine chart loads on demand.
    expect(await within(chart).findByTestId('mind-chart-plot')).toBeTruthy()
    const table = screen.getByRole('region', { name: "The answer's table for 2 bonds, 2 rows" })
    expect(within(table).getByRole('link', { name: 'Bond two' }).getAttribute('href')).toBe(
      '/security/INE2',
    )
    expect([...table.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/security/INE1',
      '/security/INE2',
    ])
  })

  it("links a row to its bond by the curve at that row, else by the answer's bond of its ISIN", () => {
    const table = {
      columns: ['Bond', 'ISIN'],
      rows: [
        ['Bond one', 'IN1'],
        ['Bond two', 'IN2'],
        ['Bond three', 'IN3'],
      ],
    }
    expect(
      rowLinks({
        table,
        bonds: [{ id: 'b 2', isin: 'IN2', name: 'Bond two' }],
        chart: {
          title: 't',
          yLabel: 'y',
          points: [
            { x: 1, y: 7, id: 'p1', name: 'Bond one' },
            { x: 2, y: 7, id: 'p9', name: 'Other' },
          ],
        },
      }),
    ).toEqual(['/security/p1', '/security/b%202', null])
    expect(
      rowLinks({ table: { columns: ['Year', 'Count'], rows: [[2030, 4]] }, bonds: [] }),
    ).toEqual([null])
  })

  it('puts its table in a named region that the keyboard can scroll', () => {
    renderWithStore(
      <AnswerView
        message={{
          text: '**1** bond',
          result: { kind: 'count', value: 1 },
          bonds: [],
          table: { columns: ['Bond', 'Coupon'], rows: [['6.54% GS 2032', 6.54]] },
        }}
      />,
    )
    const region = screen.getByRole('region', { name: "The answer's table for 1 bond, 1 row" })
    expect(region.tabIndex).toBe(0)
    expect(region.querySelector('table')?.textContent).toContain('6.54% GS 2032')
  })

  it('labels each kind of result', () => {
    const bonds = [{ id: 'A', isin: 'IN1', name: '7.26% GS 2033' }]
    expect(resultLabel({ kind: 'count', value: 35 }, [])).toBe('35 bonds')
    expect(resultLabel({ kind: 'date', value: '2032-01-17' }, [])).toBe('17-Jan-2032')
    expect(resultLabel({ kind: 'number', value: 98.8797, unit: '₹ per 100' }, [])).toBe(
      '₹98.8797 per ₹100',
    )
    expect(resultLabel({ kind: 'bond', value: 'IN1' }, bonds)).toBe('7.26% GS 2033')
    expect(resultLabel({ kind: 'declined', value: null }, [])).toBe('Not answered from the data')
  })

  it('writes its table as CSV, quoting and defusing formulas', () => {
    expect(
      toCsv({
        columns: ['Bond', 'Coupon'],
        rows: [
          ['A, "B"', 6.54],
          ['=cmd', null],
        ],
      }),
    ).toBe('Bond,Coupon\r\n"A, ""B""",6.54\r\n\'=cmd,\r\n')
  })
})

describe("a list answer's maturity profile", () => {
  const table = {
    columns: ['Bond', 'ISIN', 'Coupon (%)', 'Maturity', 'Rating'],
    rows: [
      ['A', 'IN1', 7, '2031-03-10', 'SOV'],
      ['B', 'IN2', 7, '2033-06-02', 'SOV'],
      ['C', 'IN3', 7, '2033-11-19', 'SOV'],
    ],
  }

  it('counts bonds by maturity year, every year between, when the table lists every bond', () => {
    const profile = maturityProfile({ result: { kind: 'count', value: 3 }, table })
    expect(profile).toEqual([
      { year: '2031', bonds: 1 },
      { year: '2032', bonds: 0 },
      { year: '2033', bonds: 2 },
    ])
    expect(profileSummary(profile!)).toBe(
      '3 bonds maturing from 2031 to 2033; the most in one year: 2 (2033). The table below lists every bond with its maturity.',
    )
    expect(
      maturityProfile({ result: { kind: 'bonds', value: ['IN1', 'IN2', 'IN3'] }, table }),
    ).toHaveLength(3)
  })

  it('draws nothing from a cut list, a curve, a single year or a table without maturities', () => {
    expect(maturityProfile({ result: { kind: 'count', value: 120 }, table })).toBeNull()
    expect(
      maturityProfile({
        result: { kind: 'count', value: 3 },
        table,
        chart: { title: 't', yLabel: 'y', points: [] },
      }),
    ).toBeNull()
    const oneYear = {
      ...table,
      rows: table.rows.map((r) => [...r.slice(0, 3), '2031-01-01', 'SOV']),
    }
    expect(maturityProfile({ result: { kind: 'count', value: 3 }, table: oneYear })).toBeNull()
    expect(
      maturityProfile({
        result: { kind: 'count', value: 1 },
        table: { columns: ['Bond', 'Coupon'], rows: [['x', 1]] },
      }),
    ).toBeNull()
  })

  it('shows the profile as a described figure above the table', async () => {
    renderWithStore(
      <AnswerView
        message={{ text: '**3** bonds', result: { kind: 'count', value: 3 }, bonds: [], table }}
      />,
    )
    const chart = screen.getByRole('group', { name: 'Bonds by maturity year' })
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^3 bonds maturing from 2031 to 2033/,
    )
    expect(await within(chart).findByTestId('mind-maturity-plot')).toBeTruthy()
  })
})

describe('tableLabel', () => {
  it('names the result when there is one, so two tables on a page differ', () => {
    expect(tableLabel(3, '3 bonds')).toBe("The answer's table for 3 bonds, 3 rows")
    expect(tableLabel(1, null)).toBe("The answer's table, 1 row")
  })
})
