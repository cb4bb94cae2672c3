// One analyst answer: the typed result first, then the text (how it was found, bonds linked), the
// table with its CSV download, and a copy button.
import type { MindMessage, MindResult, MindTable } from '@bonds/domain'
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core'
import { saveText, TableScroll } from '@bonds/ui-kit'
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react'
import { AnswerText } from './answer-text.tsx'
import { CurveChart } from './curve-chart.tsx'
import { MaturityChart, maturityProfile } from './maturity-chart.tsx'
import { toCsv } from './csv.ts'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function deskDate(iso: string): string {
  const [y, m, d] = iso.split('-')
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`
}

/** The typed result as the page shows it first. */
export function resultLabel(result: MindResult, bonds: MindMessage['bonds']): string {
  const { kind, value, unit } = result
  if (kind === 'declined') return 'Not answered from the data'
  if (kind === 'count') return `${String(value)} bond${value === 1 ? '' : 's'}`
  if (kind === 'date' && typeof value === 'string') return deskDate(value)
  if (kind === 'number' && typeof value === 'number') {
    return unit === '%'
      ? `${value}%`
      : unit === 'bp'
        ? `${value} bp`
        : unit
          ? `₹${value} per ₹100`
          : String(value)
  }
  if (kind === 'bond') return bonds.find((b) => b.isin === value)?.name ?? String(value)
  return `${Array.isArray(value) ? value.length : 0} bonds`
}

/**
 * The security page of each row's bond, when the table names one: the curve's point at the same
 * row (the curve and its table list the same bonds in the same order), else the answer's bond with
 * the row's ISIN. The table is how the keyboard reaches the curve's bonds.
 */
export function rowLinks(
  message: Pick<MindMessage, 'bonds' | 'table' | 'chart'>,
): (string | null)[] {
  const table = message.table
  if (!table) return []
  const bondAt = table.columns.indexOf('Bond')
  const isinAt = table.columns.indexOf('ISIN')
  if (bondAt < 0) return table.rows.map(() => null)
  const byIsin = new Map(message.bonds.map((b) => [b.isin, b.id]))
  return table.rows.map((row, i) => {
    const point = message.chart?.points[i]
    const id =
      point && point.name === row[bondAt]
        ? point.id
        : isinAt >= 0
          ? byIsin.get(String(row[isinAt]))
          : undefined
    return id ? `/security/${encodeURIComponent(id)}` : null
  })
}

/** The table's region name: with the answer's result, so two answers' tables on a page differ. */
export function tableLabel(rows: number, result?: string | null): string {
  const count = `${rows} row${rows === 1 ? '' : 's'}`
  return result ? `The answer's table for ${result}, ${count}` : `The answer's table, ${count}`
}

function download(table: MindTable) {
  saveText('mind-answer.csv', toCsv(table))
}

/** An analyst answer. */
export function AnswerView({
  message,
}: {
  message: Pick<MindMessage, 'text' | 'result' | 'bonds' | 'table' | 'chart'>
}) {
  const { result, table } = message
  const links = rowLinks(message)
  const profile = maturityProfile(message)
  const bondAt = table?.columns.indexOf('Bond') ?? -1
  return (
    <Paper withBorder p="md" radius="md" data-testid="mind-answer">
      <Stack gap="sm">
        {result && (
          <Group justify="space-between" align="flex-start">
            <Text
              fw={700}
              size="xl"
              c={result.kind === 'declined' ? 'dimmed' : undefined}
              data-testid="mind-result"
            >
              {resultLabel(result, message.bonds)}
            </Text>
            <Group gap={4}>
              <Badge variant="light">{result.kind}</Badge>
              <CopyButton value={message.text}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy answer'}>
                    <ActionIcon variant="subtle" onClick={copy} aria-label="Copy answer">
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Group>
        )}
        <AnswerText text={message.text} />
        {message.chart && message.chart.points.length > 0 && (
          <CurveChart chart={message.chart} withTable={Boolean(table?.rows.length)} />
        )}
        {profile && <MaturityChart profile={profile} />}
        {table && table.rows.length > 0 && (
          <Stack gap={4}>
            <TableScroll
              label={tableLabel(table.rows.length, result && resultLabel(result, message.bonds))}
              style={{ maxHeight: 320 }}
            >
              <Table striped withTableBorder fz="xs">
                <Table.Thead>
                  <Table.Tr>
                    {table.columns.map((c) => (
                      <Table.Th key={c}>{c}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {row.map((value, j) => (
                        <Table.Td key={j}>
                          {j === bondAt && links[i] ? (
                            <Anchor href={links[i]!} fz="xs">
                              {value}
                            </Anchor>
                          ) : (
                            (value ?? '–')
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                onClick={() => download(table)}
              >
                Download CSV
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}
