// A workspace tab whose feature is not built yet: the tab's text (spec section 2) and what it will
// hold, never a broken or empty panel.
import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconHourglassLow } from '@tabler/icons-react'

/** Props of TabPlaceholder. */
export interface TabPlaceholderProps {
  /** The tab's title. */
  title: string
  /** The tab's text (spec section 2). */
  description: string
  /** What the tab will hold, one line each. */
  coming: readonly string[]
}

/** A tab that says what it is for and what it will hold. */
export function TabPlaceholder({ title, description, coming }: TabPlaceholderProps) {
  return (
    <Stack gap="sm" p="md" maw={640}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text>{description}</Text>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          <ThemeIcon size="sm" variant="light" mr={6} style={{ verticalAlign: 'middle' }}>
            <IconHourglassLow size={12} aria-hidden />
          </ThemeIcon>
          Coming to this tab
        </Text>
        <List size="sm" spacing={2}>
          {coming.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  )
}
