// The mute setting on /profile: the chat's sounds (a message received, a buzz) and the toasts'
// share one setting, kept per browser.
import { isSoundMuted, setSoundMuted } from '@bonds/ui-kit'
import { Paper, Stack, Switch, Text, Title } from '@mantine/core'
import { useState } from 'react'

/** The sounds section of /profile. */
export function SoundSetting() {
  const [muted, setMuted] = useState(isSoundMuted)
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Sounds
        </Title>
        <Switch
          label="Mute sounds"
          description="New chat messages, buzzes and notifications play a sound unless muted (this browser)."
          checked={muted}
          onChange={(event) => {
            const next = event.currentTarget.checked
            setSoundMuted(next)
            setMuted(next)
          }}
        />
        <Text size="xs" c="dimmed">
          A buzz still shows in the chat when sounds are muted.
        </Text>
      </Stack>
    </Paper>
  )
}
