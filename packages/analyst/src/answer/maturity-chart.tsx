// A list answer's maturity profile: how many of its bonds mature in each year, drawn when the
// answer's table lists every bond the answer counts (never from a cut list: a chart of the first
// 50 would misstate the counts). A figure like the curve's (decision 283): caption, a visible
// summary describing the drawing, and the table below as its text alternative.
import type { MindMessage } from '@bonds/domain'
import { Skeleton, Stack, Text } from '@mantine/core'
import { lazy, Suspense, useId } from 'react'

const MaturityPlot = lazy(() => import('./maturity-plot.tsx'))

/** One bar: bonds maturing in a year. */
export interface YearCount {
  year: string
  bonds: number
}

/** At least this many bonds, over at least 2 years, make a profile worth drawing. */
const MIN_BONDS = 3
/** Years between the first and last maturity beyond which the profile is not drawn. */
const MAX_SPAN = 60

/**
 * Bonds by maturity year, every year from the first to the last (years with none as 0), when the
 * answer's table holds all of the answer's bonds and their maturity dates; else null.
 */
export function maturityProfile(
  message: Pick<MindMessage, 'result' | 'table' | 'chart'>,
): YearCount[] | null {
  const { result, table } = message
  if (!result || !table || message.chart) return null
  const counted =
    result.kind === 'count' && typeof result.value === 'number'
      ? result.value
      : result.kind === 'bonds' && Array.isArray(result.value)
        ? result.value.length
        : null
  const at = table.columns.indexOf('Maturity')
  if (counted === null || at < 0 || table.rows.length !== counted || counted < MIN_BONDS)
    return null
  const years = table.rows.map((row) => /^(\d{4})-\d{2}-\d{2}$/.exec(String(row[at]))?.[1])
  if (years.some((y) => y === undefined)) return null
  const numbers = years.map(Number)
  const first = Math.min(...numbers)
  const last = Math.max(...numbers)
  if (first === last || last - first > MAX_SPAN) return null
  return Array.from({ length: last - first + 1 }, (_, i) => ({
    year: String(first + i),
    bonds: numbers.filter((y) => y === first + i).length,
  }))
}

/** The profile in words. */
export function profileSummary(profile: readonly YearCount[]): string {
  const total = profile.reduce((s, p) => s + p.bonds, 0)
  const most = Math.max(...profile.map((p) => p.bonds))
  const years = profile.filter((p) => p.bonds === most).map((p) => p.year)
  const where = years.length <= 3 ? ` (${years.join(', ')})` : ''
  return `${total} bonds maturing from ${profile[0]!.year} to ${profile.at(-1)!.year}; the most in one year: ${most}${where}. The table below lists every bond with its maturity.`
}

/** The maturity profile of a list answer. */
export function MaturityChart({ profile }: { profile: YearCount[] }) {
  const captionId = useId()
  const summaryId = useId()
  return (
    <Stack gap={2} component="figure" m={0}>
      <Text size="xs" c="dimmed" component="figcaption" id={captionId}>
        Bonds by maturity year
      </Text>
      <div
        role="group"
        aria-labelledby={captionId}
        aria-describedby={summaryId}
        data-testid="mind-maturity-chart"
      >
        <Suspense fallback={<Skeleton h={200} aria-hidden="true" />}>
          <MaturityPlot profile={profile} />
        </Suspense>
      </div>
      <Text size="xs" c="dimmed" id={summaryId}>
        {profileSummary(profile)}
      </Text>
    </Stack>
  )
}
