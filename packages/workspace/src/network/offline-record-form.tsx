// Record a counterparty that is not on the platform (name, NSCCL and ICCL codes, a contact),
// validated with the server's schema; the server's field messages land beside the fields.
import { offlineRecordCreateSchema, type OfflineRecordCreate } from '@bonds/domain'
import { serverFieldErrorsOf, toast, zodFormValidate } from '@bonds/ui-kit'
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useAddOfflineRecordMutation } from '../api/network.ts'

interface Values {
  name: string
  nsccl_code: string
  iccl_code: string
  contact_name: string
  email: string
  mobile: string
}

const EMPTY: Values = {
  name: '',
  nsccl_code: '',
  iccl_code: '',
  contact_name: '',
  email: '',
  mobile: '',
}

/** Props of OfflineRecordForm. */
export interface OfflineRecordFormProps {
  opened: boolean
  onClose: () => void
}

/** The "Offline record" dialog of Build Network. */
export function OfflineRecordForm({ opened, onClose }: OfflineRecordFormProps) {
  const [add, { isLoading }] = useAddOfflineRecordMutation()
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: zodFormValidate<Values>(offlineRecordCreateSchema),
  })
  const close = () => {
    form.reset()
    onClose()
  }
  const submit = form.onSubmit(async (values) => {
    const body = offlineRecordCreateSchema.parse(values) as OfflineRecordCreate
    const result = await add(body)
    if ('error' in result && result.error) {
      const error = result.error as { body?: unknown }
      form.setErrors(serverFieldErrorsOf(error.body))
      return
    }
    toast.success('Added to your network', values.name)
    close()
  })
  return (
    <Modal opened={opened} onClose={close} title="Add an offline record" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="NSCCL code"
              key={form.key('nsccl_code')}
              {...form.getInputProps('nsccl_code')}
            />
            <TextInput
              label="ICCL code"
              key={form.key('iccl_code')}
              {...form.getInputProps('iccl_code')}
            />
          </SimpleGrid>
          <TextInput
            label="Contact name"
            key={form.key('contact_name')}
            {...form.getInputProps('contact_name')}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="E-mail"
              type="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput label="Mobile" key={form.key('mobile')} {...form.getInputProps('mobile')} />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading}>
              Add to network
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
