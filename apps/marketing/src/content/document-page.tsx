import { Anchor, Container, Group, List, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** One section of a text page: a heading and paragraphs or a list. */
export interface DocumentSection {
  heading: string
  paragraphs?: readonly string[]
  items?: readonly string[]
  /** Pages the section sends the reader to, after its text. */
  links?: readonly { href: string; label: string }[]
}

/** A readable text page (policies, about): a title, a lead and sections. */
export function DocumentPage({
  title,
  lead,
  sections,
  children,
}: {
  title: string
  lead: string
  sections: readonly DocumentSection[]
  /** What follows the sections (the contact page's form). */
  children?: ReactNode
}) {
  return (
    <Container size="md" py={48}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          <Text size="lg" c="dimmed">
            {lead}
          </Text>
        </Stack>
        {sections.map((section) => (
          <Stack key={section.heading} gap="xs" component="section">
            <Title order={2} size="h3">
              {section.heading}
            </Title>
            {section.paragraphs?.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
            {section.items ? (
              <List spacing={4}>
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            ) : null}
            {section.links ? (
              <Group gap="md">
                {section.links.map((link) => (
                  <Anchor key={link.href} href={link.href}>
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            ) : null}
          </Stack>
        ))}
        {children}
      </Stack>
    </Container>
  )
}
