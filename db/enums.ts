// Every enum category of requirements §3 with realistic values. Ids are `<category>_<slug>` (the contract's
// regexes expect that); list order is display order (marital_status_single first, as the default).
import type { ENUM_CATEGORIES } from "../server/src/contract/entities";

type Category = (typeof ENUM_CATEGORIES)[number];

const slug = (label: string) =>
  label
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** Labels whose id is derived from the label; pairs give an explicit slug where the label makes a poor one. */
type Entry = string | readonly [slugPart: string, label: string];

const US_STATES: readonly string[] = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "District of Columbia",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
];

const CATALOGUE: Record<Category, readonly Entry[]> = {
  marital_status: [
    "Single",
    "Married",
    ["married_filing_separately", "Married filing separately"],
    "Divorced",
    "Widowed",
    ["domestic_partnership", "Domestic partnership"],
  ],
  us_state: US_STATES,
  strategy_type: [["founder", "Founder Foundation"]],
  liquidity_needs: [
    ["none", "None: no withdrawals expected"],
    ["low", "Low: under 5% a year"],
    ["moderate", "Moderate: 5% to 15% a year"],
    ["high", "High: over 15% a year"],
  ],
  tax_status: [
    "Individual",
    ["joint", "Married filing jointly"],
    ["separate", "Married filing separately"],
    ["head_of_household", "Head of household"],
    "Trust",
    ["tax_exempt", "Tax-exempt organization"],
  ],
  primary_goal: [
    ["capital_preservation", "Capital preservation"],
    "Income",
    ["balanced", "Balanced growth and income"],
    "Growth",
    ["aggressive_growth", "Aggressive growth"],
    ["charitable_giving", "Charitable giving"],
  ],
  transfer_method: [
    ["ach", "ACH transfer"],
    ["wire", "Wire transfer"],
    ["acats", "ACATS account transfer"],
    ["check", "Check"],
    ["stock_transfer", "In-kind stock transfer"],
  ],
  horizon_years: [
    ["0_3", "Less than 3 years"],
    ["3_5", "3 to 5 years"],
    ["5_10", "5 to 10 years"],
    ["10_20", "10 to 20 years"],
    ["20_plus", "More than 20 years"],
  ],
  net_worth: [
    ["under_1m", "Under $1M"],
    ["1m_5m", "$1M to $5M"],
    ["5m_10m", "$5M to $10M"],
    ["10m_25m", "$10M to $25M"],
    ["25m_100m", "$25M to $100M"],
    ["over_100m", "Over $100M"],
  ],
  federal_tax_bracket: [
    ["10", "10%"],
    ["12", "12%"],
    ["22", "22%"],
    ["24", "24%"],
    ["32", "32%"],
    ["35", "35%"],
    ["37", "37%"],
  ],
  custodian: [
    ["schwab", "Charles Schwab"],
    ["fidelity", "Fidelity Investments"],
    ["vanguard", "Vanguard"],
    ["pershing", "BNY Pershing"],
    ["interactive_brokers", "Interactive Brokers"],
    ["etrade", "E*TRADE from Morgan Stanley"],
  ],
};

export interface SeedEnumItem {
  enumId: string;
  enumLabel: string;
  enumCategory: Category;
  sortOrder: number;
}

export const ENUM_SEED: readonly SeedEnumItem[] = Object.entries(CATALOGUE).flatMap(([category, entries]) =>
  entries.map((entry, i) => {
    const [part, label] = typeof entry === "string" ? [slug(entry), entry] : entry;
    return { enumId: `${category}_${part}`, enumLabel: label, enumCategory: category as Category, sortOrder: i };
  }),
);
