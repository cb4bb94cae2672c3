// The rating agencies' rationale for the bond's rating: `GET api/credit-rationale/{id}/`, newest
// first. Gated by the security-data permission (the caller wraps it in GatedSection).
import type { FinstrumentInfo } from '@bonds/domain'
import { formatDate } from '@bonds/ui-kit'
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { useCreditRationaleQuery } from '../api/credit-rationale.ts'
import { failureText, useQueryView } from '../api/query-view.ts'
import { SectionEmpty, SectionError, SectionSkeleton } from './section.tsx'
import classes from './security.module.css'

/** Props of CreditRationale. */
export interface CreditRationaleProps {
  bond: FinstrumentInfo
}

/** The stored credit-rating rationales of one bond. */
export function CreditRationale({ bond }: CreditRationaleProps) {
  const result = useCreditRationaleQuery(bond.id)
  const rationale = useQueryView(result)
  if (rationale.status === 'loading' || rationale.status === 'idle') {
    return <SectionSkeleton label="Loading credit rationale" rows={3} />
  }
  if (rationale.status === 'error') {
    return (
      <SectionError
        message={failureText(rationale.error, 'The credit rationale could not be loaded.')}
        onRetry={() => void result.refetch()}
      />
    )
  }
  if (rationale.data.results.length === 0) {
    return (
      <SectionEmpty
        title="No credit rationale yet"
        description={
          bond.rating
            ? `The bond is rated ${bond.rating}; the agency’s rationale appears here once it is stored.`
            : 'The bond has no stored rating and no rationale.'
        }
      />
    )
  }
  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {rationale.data.results.map((item) => (
        <li key={item.id}>
          <article aria-label={`${item.agency} ${item.rating}, ${formatDate(item.rated_on)}`}>
            <Group gap="xs" mb={4}>
              <Text fw={600} size="sm">
                {item.agency}
              </Text>
              <Badge variant="light" size="sm">
                {item.rating}
              </Badge>
              <Text size="sm" className={classes.muted}>
                <time dateTime={item.rated_on}>{formatDate(item.rated_on)}</time>
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {item.summary}
            </Text>
            {item.source_url && /^https?:\/\//i.test(item.source_url) && (
              <Anchor href={item.source_url} size="sm" target="_blank" rel="noopener noreferrer">
                Read the rationale at {item.agency}
              </Anchor>
            )}
          </article>
        </li>
      ))}
    </Stack>
  )
}
