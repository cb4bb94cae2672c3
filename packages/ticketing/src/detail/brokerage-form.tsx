// The brokerage on a ticket (`PATCH api/trade/{id}/brokerage/`, rupees), validated with the
// domain's `brokerageSchema` and sent with the version seen; the consideration's total follows.
import { brokerageSchema, type Ticket } from '@bonds/domain'
import { toast } from '@bonds/ui-kit'
import { Button, Group, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useSetBrokerageMutation } from '../api/tickets.ts'
import { writeFailure } from '../model/failure.ts'

/** Set a ticket's brokerage. */
export function BrokerageForm({ ticket }: { ticket: Ticket }) {
  const [text, setText] = useState(ticket.consideration.brokerage)
  const [error, setError] = useState<string | undefined>()
  const [save, { isLoading }] = useSetBrokerageMutation()

  async function submit() {
    const typed = text.trim().replaceAll(',', '')
    const parsed = brokerageSchema.safeParse({
      brokerage: typed === '' ? Number.NaN : Number(typed),
      version: ticket.version,
    })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    try {
      await save({ id: ticket.id, ...parsed.data }).unwrap()
      toast.success('Brokerage set')
    } catch (caught) {
      setError(writeFailure(caught).message)
    }
  }

  return (
    <form
      aria-label="Brokerage"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <Group align="flex-start" gap="xs" mt="xs">
        <TextInput
          size="xs"
          label="Brokerage (₹)"
          inputMode="decimal"
          value={text}
          error={error}
          onChange={(event) => setText(event.currentTarget.value)}
          w={180}
        />
        <Button size="xs" type="submit" variant="light" loading={isLoading} mt={22}>
          Set brokerage
        </Button>
      </Group>
    </form>
  )
}
