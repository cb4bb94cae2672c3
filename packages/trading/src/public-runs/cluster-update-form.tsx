// Negotiate an open cluster or close it (`PUT api/trade/cluster/{id}/`, spec section 3): quantity
// in crores, a facilitating broker, one price without a facilitator or the buyer's and seller's
// with one (the spread shown), settlement date. For a quoting user of a party firm; the server's
// messages show in place (decision 396).
import type { Cluster } from '@bonds/domain'
import { formatDate, formatPrice } from '@bonds/ui-kit'
import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { QuantumField } from '../quote-form/quote-fields.tsx'
import { failureText } from '../shared-failure.ts'
import { useFacilitatorsQuery, useUpdateClusterMutation } from './api.ts'
import {
  closeClusterPayload,
  clusterDraft,
  clusterUpdatePayload,
  draftSpread,
  type ClusterDraft,
} from './cluster-update.ts'

/** The facilitator choice meaning none. */
const NONE = 'none'

/** Props of ClusterUpdateForm. */
export interface ClusterUpdateFormProps {
  /** The open cluster, as the caller's firm sees it (the list keeps it current). */
  cluster: Cluster
  /** Called with the server's answer once the cluster is closed (it then leaves the list). */
  onClosed?: (cluster: Cluster) => void
}

/** A price field of the form: four decimals, 1 to 250 (the pricing input's range). */
function PriceInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: number | string | null
  onChange: (value: number | string | null) => void
  error: string | undefined
}) {
  return (
    <NumberInput
      size="xs"
      label={label}
      value={value ?? ''}
      onChange={(next) => onChange(next === '' ? null : next)}
      decimalScale={4}
      min={1}
      max={250}
      step={0.0001}
      error={error}
      hideControls
    />
  )
}

/** The negotiation form of one cluster: update its terms, or close it. */
export function ClusterUpdateForm({ cluster, onClosed }: ClusterUpdateFormProps) {
  const [update, { isLoading }] = useUpdateClusterMutation()
  const facilitators = useFacilitatorsQuery()
  const [draft, setDraft] = useState<ClusterDraft>(() => clusterDraft(cluster))
  /** The version of the cluster the draft was made from. */
  const [base, setBase] = useState(cluster.updated_at)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])

  const change = (patch: Partial<ClusterDraft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setSaved(false)
  }

  const choices = useMemo(() => {
    const listed = (facilitators.data ?? []).map((firm) => ({
      value: firm.client_id,
      label: firm.name,
    }))
    // The cluster's facilitator stays a choice even when the list does not name it.
    if (cluster.facilitator && !listed.some((firm) => firm.value === cluster.facilitator)) {
      listed.unshift({
        value: cluster.facilitator,
        label: cluster.facilitator_name ?? cluster.facilitator,
      })
    }
    return [{ value: NONE, label: 'None' }, ...listed]
  }, [facilitators.data, cluster.facilitator, cluster.facilitator_name])

  const send = async (body: Parameters<typeof update>[0]['update']) => {
    setFailure(null)
    setSaved(false)
    try {
      const answer = await update({ id: cluster.id, update: body }).unwrap()
      if (body.close) {
        onClosed?.(answer)
        return
      }
      setErrors({})
      setDraft(clusterDraft(answer))
      setBase(answer.updated_at)
      setSaved(true)
    } catch (error) {
      const { fields, message } = failureText(
        error,
        body.close ? 'The cluster could not be closed.' : 'The cluster could not be updated.',
      )
      setErrors(fields)
      setFailure(message)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = clusterUpdatePayload(draft)
    if (!checked.payload) {
      setErrors(checked.errors)
      setFailure(null)
      return
    }
    await send(checked.payload)
  }

  const spread = draftSpread(draft)
  const facilitated = draft.facilitator !== null
  const changed = cluster.updated_at !== base

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={`Negotiate cluster with ${cluster.side === 'BUYER' ? cluster.seller_name : cluster.buyer_name}`}
      noValidate
    >
      <Stack gap={6}>
        {changed ? (
          <Alert variant="light" color="yellow" p="xs" role="status">
            <Group gap="xs">
              <Text size="xs">
                The terms changed: {formatPrice(cluster.buyer_price)} /{' '}
                {formatPrice(cluster.seller_price)}, settles {formatDate(cluster.settlement_date)}.
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => {
                  setDraft(clusterDraft(cluster))
                  setBase(cluster.updated_at)
                  setErrors({})
                }}
              >
                Show the new terms
              </Button>
            </Group>
          </Alert>
        ) : null}
        <Group grow align="flex-start">
          <QuantumField
            label="Quantity (₹ crore)"
            crores={draft.crores}
            onChange={(crores) => change({ crores })}
            error={errors.quantity}
          />
          <Select
            size="xs"
            label="Facilitator"
            value={draft.facilitator ?? NONE}
            onChange={(value) =>
              change({
                facilitator: value === null || value === NONE ? null : value,
                // A facilitator's seller starts at the one price agreed so far.
                ...(draft.facilitator === null ? { sellerPrice: draft.buyerPrice } : {}),
              })
            }
            data={choices}
            allowDeselect={false}
            error={errors.facilitator}
          />
        </Group>
        <Group grow align="flex-start">
          {facilitated ? (
            <>
              <PriceInput
                label="Buyer’s price (per ₹100)"
                value={draft.buyerPrice}
                onChange={(buyerPrice) => change({ buyerPrice })}
                error={errors.buyer_price}
              />
              <PriceInput
                label="Seller’s price (per ₹100)"
                value={draft.sellerPrice}
                onChange={(sellerPrice) => change({ sellerPrice })}
                error={errors.seller_price}
              />
            </>
          ) : (
            <PriceInput
              label="Price (per ₹100)"
              value={draft.buyerPrice}
              onChange={(buyerPrice) => change({ buyerPrice })}
              error={errors.buyer_price ?? errors.seller_price}
            />
          )}
          <TextInput
            size="xs"
            type="date"
            label="Settlement date"
            value={draft.settlementDate}
            onChange={(event) => change({ settlementDate: event.currentTarget.value })}
            error={errors.settlement_date}
          />
        </Group>
        {facilitated ? (
          <Text size="xs" c={errors.seller_spread ? 'red' : undefined}>
            Facilitator spread: {spread === null ? '—' : formatPrice(spread)}
            {errors.seller_spread ? ` — ${errors.seller_spread}` : ''}
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        {saved ? (
          <Text size="xs" role="status">
            Cluster updated.
          </Text>
        ) : null}
        {confirming ? (
          <Group gap="xs" justify="flex-end">
            <Text size="xs">
              Close this cluster? Its response quote ends; the quote it answered is live again.
            </Text>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              Keep open
            </Button>
            <Button
              ref={confirmRef}
              size="xs"
              color="red"
              loading={isLoading}
              onClick={() => {
                setConfirming(false)
                void send(closeClusterPayload(cluster))
              }}
            >
              Yes, close
            </Button>
          </Group>
        ) : (
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" color="red" onClick={() => setConfirming(true)}>
              Close cluster
            </Button>
            <Button size="xs" type="submit" loading={isLoading}>
              Update cluster
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  )
}
