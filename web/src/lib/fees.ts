// The Founder Foundation's fee terms (requirements §1, §9: the amounts, exactly) with when and how each is
// charged and what happens after a submission (docs/decisions/0146). One list for the strategy card,
// the Approve dialog and the dashboard's "What happens next", so the three never disagree.

export interface FeeTerm {
  label: string;
  /** The amount as requirements §1 states it. */
  value: string;
  /** When and how it is charged, in one line. */
  charged: string;
}

export const FEE_TERMS: readonly FeeTerm[] = [
  {
    label: "Set-up fee",
    value: "$10,000",
    charged:
      "Once, when we file your LLC (after every owner is verified); invoiced by email. Nothing is charged today.",
  },
  {
    label: "Yearly reporting",
    value: "$2500, starting in year 2",
    charged: "Each year from your foundation's first anniversary; invoiced by email.",
  },
  {
    label: "Custody",
    value: "0.4%",
    charged: "A yearly rate on the assets held, deducted from the account each quarter once it is funded.",
  },
  {
    label: "Transactions",
    value: "0.9%",
    charged: "Of each transaction's amount, deducted when the transaction settles.",
  },
  {
    label: "Minimum donation",
    value: "5% of realized capital gains, or $1500 per year",
    charged: "Not a fee: the least your DAF grants to charities each year.",
  },
];

/** What follows a submission, in order, and when (docs/decisions/0146). */
export const AFTER_SUBMISSION = {
  owners: "Each additional owner verifies their identity from the email we sent them; this list shows who has.",
  filing: "We file your LLC with the State of Delaware.",
  filingWhen: "Within 2 business days after every owner is verified; the state usually confirms within 1 to 2 weeks.",
  fees: "The $10,000 set-up fee is invoiced when we file; nothing is charged before.",
} as const;
