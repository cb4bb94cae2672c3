import { DocumentPage } from './document-page.tsx'

/** /about: why the workspace exists and how it is built. */
export function AboutPage() {
  return (
    <DocumentPage
      title="About Bonds Workspace"
      lead="India's over-the-counter bond market still runs on phone calls and chat messages. We make that work fast to read, easy to act on and possible to audit."
      sections={[
        {
          heading: 'Why we build it',
          paragraphs: [
            'A dealer quoting a PSU bond, a broker matching a buyer with a seller, and an ops team booking the trade before the clearing corporation cut-off all work from the same conversation. When that conversation lives in a personal messaging app, the quote, the size, the settlement date and the counterparty have to be typed again into a ticket, an order and a report, and each retyping is a chance for error.',
            'Bonds Workspace keeps the conversation and the trade together. Today it holds the desk’s chats, its network of counterparties, live market depth and the pricing of every bond; we are building the rest of the path, where a quote in a chat becomes a ticket, the ticket an order and the order a report to NSCCL or ICCL, with every step recorded.',
          ],
        },
        {
          heading: 'What we hold ourselves to',
          items: [
            'Speed of reading: dense screens, aligned figures, fixed decimals, nothing that moves when a number changes.',
            'Indian conventions: amounts grouped 12,34,56,789, sizes in lakh and crore, dates as 22-Nov-2026, yields in percent and prices per ₹100 face value.',
            'Market conventions in the maths: 30/360 semi-annual for G-secs and SDLs, SEBI Actual/Actual for corporate bonds, T+1 settlement by default.',
            'Security on the server: every request is checked for role and permission, whatever the screen shows.',
            'Works on a closed network: fonts, icons and sounds ship with the product; nothing is loaded from a third-party site at run time.',
          ],
        },
      ]}
    />
  )
}

/** /product/dart: the trading workspace. */
export function ProductDartPage() {
  return (
    <DocumentPage
      title="dart: the trading workspace"
      lead="Everything a bond desk does between the first quote and the settled trade, on one screen. Some of it works today; the rest is being built, and this page says which is which."
      sections={[
        {
          heading: 'Available today',
          items: [
            'Chat: direct chats, groups, trading groups and broadcast lists with your counterparties, kept for your compliance officer.',
            'Build Network: find counterparties by name or firm and keep your partners and offline records.',
            'Market depth: the best bids and offers for a bond by level, live.',
            'The market’s hours, and a clear notice when your account cannot trade.',
          ],
        },
        {
          heading: 'Workspace tabs',
          items: [
            'Chat: Connect with other members ... via direct chat, groups, broadcast lists, and more.',
            'Ticketing: Coordinate with counterparties and internal teams effortlessly through automated tickets.',
            'Private runs: Quotes from across your chats will be displayed here.',
            'Public runs: CBC quotes published in the market will be displayed here.',
            'RFQ quotes: View all live quotes on the exchanges and execute trades on NSE and BSE RFQ.',
          ],
        },
        {
          heading: 'Being built: from interest to execution',
          paragraphs: [
            'Post an expression of interest to buy or sell a bond at a price or a yield, for a quantum and until an expiry. Matching interests form a cluster that can be negotiated and accepted together. Requests for quote go to one or many counterparties, are countered and accepted, and can be sent to the NSE or BSE RFQ platform for execution.',
            'Live market depth shows the best bids and offers for a bond by level. Inventory can be uploaded, valued and offered to the market.',
          ],
        },
        {
          heading: 'Being built: orders, settlement and reporting',
          paragraphs: [
            'Orders are accepted or rejected, modified, cancelled, settled and reported. The buyer sees the consideration, face value times clean price plus accrued interest, and accepts it by naming a custodian. Trades are reported to the clearing corporations, NSCCL and ICCL.',
          ],
        },
        {
          heading: 'Premium',
          items: [
            'Managing your portfolio efficiently',
            'Execute trades from a single screen',
            'Record external trades',
          ],
        },
        {
          heading: 'Compliance',
          paragraphs: [
            "Compliance officers get a surveillance view of their firm's conversations today, and of its trades once booking is built; it is view only.",
          ],
        },
      ]}
    />
  )
}

/** /product/find: bond search and pricing. */
export function ProductFindPage() {
  return (
    <DocumentPage
      title="find: search and price India's bonds"
      lead="Government securities, state development loans, treasury bills and corporate bonds, searchable by name, ISIN or issuer."
      sections={[
        {
          heading: 'Search and screen',
          paragraphs: [
            'Type three characters of a name, an ISIN or an issuer, such as "6.54 2032", "maharashtra sdl" or "IN0020", and pick from the matches. The screener filters by category, security type, credit rating and time to maturity, and a filtered screen can be shared as a link.',
          ],
        },
        {
          heading: 'Security pages',
          items: [
            'Terms: issuer, type, coupon and frequency, maturity, face value, rating, listing, call and put dates.',
            'A price and yield calculator: fix the yield or the price, choose a settlement date or T+n, and read the other side, accrued interest and dirty price.',
            'Cash flows for a quantity, in rupees with Indian grouping.',
            'Bonds by the same issuer, trade history and credit rationale where available.',
            'Downloads: the information memorandum, bond details and a quote as PDF.',
          ],
        },
        {
          heading: 'The conventions behind the numbers',
          paragraphs: [
            'G-secs and SDLs accrue on 30/360 with semi-annual coupons and yields; corporate bonds use the Actual/Actual day count SEBI prescribes, with annual compounding on the actual dates of each flow; T-bills are priced on a 365-day simple-yield basis.',
          ],
        },
      ]}
    />
  )
}

/** /product/mind: the analyst chat. */
export function ProductMindPage() {
  return (
    <DocumentPage
      title="mind: an analyst for market researchers"
      lead="Being built: ask questions about India's bonds in plain language and get answers drawn from the bond database."
      sections={[
        {
          heading: 'What you can ask',
          items: [
            'Which state development loans mature in the next twelve months?',
            'How does the yield of a 10-year G-sec compare with a AAA PSU bond of the same maturity?',
            'What price does a 7.26% coupon bond trade at for a 7.10% yield, settling tomorrow?',
          ],
        },
        {
          heading: 'Share what you found',
          paragraphs: [
            'A conversation can be shared as a public link that anyone can read without signing in, with the chat sidebar hidden.',
          ],
        },
        {
          heading: 'Who can use it',
          paragraphs: [
            'mind is available to users with the Market Researcher role. Others can see what it does on the preview page.',
          ],
        },
      ]}
    />
  )
}
