// The Founder Foundation strategy's description, fee terms (requirements §1, exactly) and the long
// legal-analysis text behind 'More...'. The analysis is our own plain-language overview of the
// structure; it closes by saying it is not legal advice.
import { FEE_TERMS } from "@/lib/fees";

export const FOUNDER_FOUNDATION_NAME = "Founder Foundation";

export const FOUNDER_FOUNDATION_DESCRIPTION =
  "A limited liability company (LLC) owned 98% by a donor-advised fund (DAF) and 2% by you. You contribute appreciated assets, the DAF holds most of the LLC for charity, and the LLC invests under your direction as its manager.";

/**
 * The fee terms as a description list: the strategy card's and the Approve dialog's (their own look in
 * `className`); each amount with when and how it is charged (web/src/lib/fees.ts).
 */
export function FeeTerms({ className }: { className: string }) {
  return (
    <dl className={`grid grid-cols-[max-content_1fr] ${className}`}>
      {FEE_TERMS.map((t) => (
        <div key={t.label} className="contents">
          <dt className="text-secondary">{t.label}</dt>
          <dd>
            <span className="block">{t.value}</span>
            <span className="block text-xs text-secondary">{t.charged}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const SECTIONS: ReadonlyArray<{ heading: string; paragraphs: string[] }> = [
  {
    heading: "The structure",
    paragraphs: [
      "The Founder Foundation pairs two entities. The first is a limited liability company formed in Delaware. The second is a donor-advised fund: an account held at a sponsoring public charity, to which you recommend grants. The DAF owns 98% of the LLC's membership interests and you, as an individual, own the remaining 2%. You are usually also the LLC's manager, which is what lets the structure keep investment decisions close to you while most of the economic value sits inside a charitable vehicle.",
      "Because the LLC has more than one member, it is by default taxed as a partnership. It files an informational partnership return each year and issues a Schedule K-1 to each member: one to the sponsoring charity for the DAF's 98% and one to you for your 2%. The LLC itself generally pays no federal income tax; its income, gains and losses flow to the members in proportion to their interests, unless the operating agreement validly allocates them otherwise.",
    ],
  },
  {
    heading: "Control",
    paragraphs: [
      "Legally, a contribution to a DAF is a completed gift: the sponsoring charity owns the DAF's assets, including its 98% interest in the LLC, and has the final say over them. You keep advisory privileges, meaning you may recommend grants and, with this structure, manage the LLC's investments under the operating agreement. The sponsor will usually insist on protective terms: rights to information, limits on what the LLC may invest in, restrictions on transfers and debt, and a way to redeem or sell its interest so it can make grants.",
      "Managing the LLC does not make its assets yours. The manager owes duties to all members, including the charity. Decisions that favour your 2% over the DAF's 98%, such as unequal distributions, management fees to yourself or loans to related parties, can breach those duties and can also create the tax problems described below. Keeping control in practice means running the LLC as a careful fiduciary would, with records to show it.",
    ],
  },
  {
    heading: "Tax treatment of contributions",
    paragraphs: [
      "A contribution to the DAF is a gift to a public charity. For long-term appreciated property held more than a year, the deduction is generally the property's fair market value, limited to 30% of your adjusted gross income for the year (60% for cash), with a five-year carryforward for any excess. You generally do not pay capital gains tax on appreciation in property you give away, and the charity does not pay it when it later sells. A contribution of the LLC interest itself, rather than cash or listed securities, is a gift of non-publicly-traded property and needs a qualified appraisal once the claimed value exceeds $5,000, with Form 8283 filed with your return.",
      "A contribution to the LLC is different. Putting property into a partnership in exchange for an interest is normally not a taxable event and is not a charitable gift at all: you simply own a larger share of the LLC. Only what you give to the DAF, directly or by giving it part of your LLC interest, can be deducted. Gifting an interest in an LLC that holds appreciated property also raises partnership rules about built-in gain, which follow the property and can be allocated back to the person who contributed it. The order of steps (fund the LLC, then give interests to the DAF, or the reverse) changes the tax result and should be planned before anything is signed.",
    ],
  },
  {
    heading: "Self-dealing and excess benefit concerns",
    paragraphs: [
      "The tax law treats you, your family and entities you control as disqualified persons with respect to your DAF. Any grant, loan, compensation or similar payment from a DAF to you or a related person is an automatic excess benefit transaction: the whole amount, not just any excess over fair value, is taxed to the person who received it, with a much larger tax if it is not undone, and a fund manager who knowingly approved it is taxed too. Separately, if a grant you recommend gives you, or a related person, more than an incidental benefit, the tax is 125% of that benefit. These rules apply even when the amounts are fair.",
      "Sharing an LLC with your DAF places you close to these lines. Payments from the LLC to you other than in proportion to your 2% interest, the LLC buying from or selling to you or your businesses, using LLC assets personally, or the LLC guaranteeing your debts can all be characterised as benefits flowing from charitable assets to a disqualified person. The sponsor also has to consider the excess business holdings rules, which limit how much of a business enterprise a DAF and its disqualified persons may own together; an LLC that only holds passive investments, and earns at least 95% of its income from passive sources, is generally outside those limits, which is one reason this structure keeps the LLC to investment activity.",
    ],
  },
  {
    heading: "Valuation",
    paragraphs: [
      "Every gift of an LLC interest has to be valued. An appraiser will usually start from the value of the LLC's assets and then consider discounts: a 2% or 98% interest in a private LLC cannot easily be sold and may carry little control, and both facts reduce its price to a hypothetical buyer. Discounts lower the deduction you may claim for a gift to the DAF. They also matter in the other direction: if an interest is undervalued when it passes to or from you, the difference can be seen as a benefit to you. Consistent, independent valuations, done at each contribution and whenever interests change hands, protect both you and the sponsor.",
    ],
  },
  {
    heading: "Reporting",
    paragraphs: [
      "Expect yearly reporting at several levels. The LLC files a partnership return and issues K-1s; it may also have state filings and an annual franchise tax in Delaware. You report your 2% share of the LLC's income on your own return, claim any charitable deduction with the required appraisal and Form 8283, and keep the sponsor's written acknowledgment of each gift. The sponsoring charity reports the DAF's assets and grants on its own annual return. Grants the DAF makes later must go to eligible charities and be recommended through the sponsor's process; the DAF cannot pay pledges you have made personally or buy you event tickets or other benefits.",
      "The minimum donation under this strategy, 5% of realized capital gains or $1500 per year, is a product term of the Founder Foundation, not a legal requirement for DAFs, which have no federal payout rule today. Proposals to add one have been made and may change what is required.",
    ],
  },
  {
    heading: "Before you proceed",
    paragraphs: [
      "This structure can make philanthropy part of how you invest, but it only works when the charitable side is real: the DAF's share is the charity's property, and the LLC must be run for the benefit of all its members. Tax rules in this area are detailed and change, and state law adds its own requirements.",
      "This overview is general information written in plain language. It is not legal, tax or investment advice, it does not create an attorney-client relationship, and it may not reflect the most recent changes in the law. Talk to your own attorney and tax adviser about your situation before forming the LLC or making any contribution.",
    ],
  },
];

export function LegalAnalysis() {
  return (
    <div className="flex flex-col gap-4 text-sm leading-relaxed">
      {SECTIONS.map((s) => (
        <section key={s.heading} className="flex flex-col gap-2">
          <h3 className="text-base font-medium">{s.heading}</h3>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
