import { ContactForm, SupportButton } from '@bonds/support'
import { Stack, Text, Title } from '@mantine/core'
import { DocumentPage } from './document-page.tsx'

/** /best-practices: hygiene for chat and trading. */
export function BestPracticesPage() {
  return (
    <DocumentPage
      title="Best practices"
      lead="A few habits that keep quotes unambiguous and trades clean."
      sections={[
        {
          heading: 'When you quote',
          items: [
            'Name the bond by ISIN, or pick it from the search, rather than by a nickname.',
            'Say the unit of the size: "25 cr" or "50 lakh", never a bare number.',
            'Say whether you quote a price or a yield, and for which settlement date (T+0, T+1).',
            'Put an expiry on an expression of interest so the market knows when it lapses.',
          ],
        },
        {
          heading: 'When you agree a trade',
          items: [
            'Create a ticket from the chat instead of confirming in free text; both sides then see the same terms.',
            'Check the consideration and the custodian before you accept.',
            'Report within the exchange timelines; the workspace shows what is pending.',
          ],
        },
        {
          heading: 'Keep your account safe',
          items: [
            'Sign in with a one-time password where you can, and never share it.',
            'Do not share your password or your exchange credentials; your Ops Admin stores exchange credentials for the firm.',
            'Sign out on shared machines.',
          ],
        },
      ]}
    />
  )
}

/** /chat-policy: acceptable use of messaging. */
export function ChatPolicyPage() {
  return (
    <DocumentPage
      title="Chat policy"
      lead="Chats in the workspace are business communications of your firm."
      sections={[
        {
          heading: 'Acceptable use',
          items: [
            'Use chats for market and trade discussion with your counterparties and colleagues.',
            "Do not post clients' personal data such as PAN, bank or demat details in chats; use the forms built for them.",
            'Do not post material non-public information.',
            'Broadcast lists are for quotes and market updates to people who have agreed to receive them; buzz sparingly.',
          ],
        },
        {
          heading: 'Records and surveillance',
          paragraphs: [
            "Messages, files and trade tickets are retained and can be reviewed by your firm's compliance officer. Chats can be exported for a period when a regulator or your firm requires it.",
          ],
        },
        {
          heading: 'Invitations',
          paragraphs: [
            'You can decline an invitation to a group; the inviter is told. Administrators of a group can remove members.',
          ],
        },
      ]}
    />
  )
}

/** /data-security: how data is protected. */
export function DataSecurityPage() {
  return (
    <DocumentPage
      title="Data security"
      lead="How the workspace protects your account, your conversations and your trades."
      sections={[
        {
          heading: 'Accounts',
          items: [
            'Passwords are stored only as argon2id hashes.',
            'One-time passwords have six digits, expire after five minutes and allow a limited number of tries.',
            'Access tokens are short-lived; refresh tokens rotate on every use, and reuse of a spent one ends the whole session family.',
            'Sign-in attempts are rate limited and failed attempts are recorded.',
          ],
        },
        {
          heading: 'Permissions on the server',
          paragraphs: [
            'Every request is checked on the server for the role and permissions it needs, whatever the screen shows. Compliance officers cannot trade; only Ops Admins manage users and exchange credentials.',
          ],
        },
        {
          heading: 'Secrets and records',
          items: [
            'Exchange credentials are encrypted at rest and never returned in clear.',
            'Sign-ins, failed sign-ins, role changes, invitations and credential changes are written to an append-only audit log with actor, time and address.',
            'Messages and names are always displayed as text, never interpreted as markup.',
          ],
        },
        {
          heading: 'Where it runs',
          paragraphs: [
            'The product can be run by a firm on its own infrastructure: it loads no fonts, scripts or images from third-party sites, and a strict content security policy enforces that.',
          ],
        },
      ]}
    />
  )
}

/** /privacy: what is collected and why. */
export function PrivacyPage() {
  return (
    <DocumentPage
      title="Privacy"
      lead="What we collect, why, and what you can ask of us."
      sections={[
        {
          heading: 'What we collect',
          items: [
            'Registration: your name, email address, mobile number, PAN, and your firm or individual category.',
            'Use of the product: chat messages and files, quotes, tickets, orders and the audit records of sign-ins.',
            'Technical: the address and browser of each sign-in, for security.',
          ],
        },
        {
          heading: 'Why',
          paragraphs: [
            'To identify you and your firm, to carry out the trades you agree, to meet the record-keeping your firm and its regulators require, and to keep accounts secure. We do not sell personal data or use it for advertising.',
          ],
        },
        {
          heading: 'How long',
          paragraphs: [
            'Trade and communication records are kept for as long as your firm and the applicable regulations require; account data for as long as your account is active and then as the law requires.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            "You can see and correct your profile at any time. For access to or deletion of other data, ask your firm's administrator, or reach us as the Contact page says.",
          ],
          links: [{ href: '/contact', label: 'Contact' }],
        },
      ]}
    />
  )
}

/** /terms: terms of use. */
export function TermsPage() {
  return (
    <DocumentPage
      title="Terms of use"
      lead="The terms on which you use Bonds Workspace."
      sections={[
        {
          heading: 'Not investment advice',
          paragraphs: [
            'Prices, yields, cash flows and analyst answers are information, not advice. Prices and yields shown are indicative unless a trade is executed on an exchange platform.',
          ],
        },
        {
          heading: 'Your responsibilities',
          items: [
            'Keep your credentials to yourself and tell your administrator if you suspect misuse.',
            'Check the terms of every trade before you confirm it.',
            'Use the workspace in line with your firm’s policies and the rules of SEBI, RBI and the exchanges.',
          ],
        },
        {
          heading: 'Accounts and invitations',
          paragraphs: [
            "Accounts are created by invitation from a firm's administrator, who can change roles or revoke access. We may suspend an account that is used against these terms.",
          ],
        },
      ]}
    />
  )
}

/** /contact: how to reach support. */
export function ContactPage() {
  return (
    <DocumentPage
      title="Contact"
      lead="How to reach the people who run the workspace."
      sections={[
        {
          heading: 'If you have an account',
          paragraphs: [
            "Your firm's Ops Admin manages your roles and access: ask them first. For a premium feature, use Request Upgrade on that feature's page; the request reaches our team, and we answer by email.",
          ],
          links: [{ href: '/profile', label: 'Your profile' }],
        },
        {
          heading: 'If you do not have an account yet',
          paragraphs: [
            "Accounts are by invitation. Ask your firm's administrator to invite you; if your firm is not yet on the workspace, ask your account administrator to contact us.",
          ],
        },
        {
          heading: 'Hours',
          paragraphs: ['Support is staffed on Indian business days from 09:00 to 18:00 IST.'],
        },
      ]}
    >
      <Stack gap="xs" component="section" aria-labelledby="contact-write">
        <Title order={2} size="h3" id="contact-write">
          Write to us
        </Title>
        <Text>We answer by e-mail, usually within one business day.</Text>
        <ContactForm />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="contact-support">
        <Title order={2} size="h3" id="contact-support">
          Ask a query, report an issue, request access or give feedback
        </Title>
        <Text>Tell the support team what you need; we answer by e-mail.</Text>
        <div>
          <SupportButton />
        </div>
      </Stack>
    </DocumentPage>
  )
}
