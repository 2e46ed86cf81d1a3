// What names, addresses, foundation names and owner emails may hold (docs/decisions/0190), judged the
// same by the API's entities and the web's forms: by Unicode property, so a look-alike or invisible
// character is refused for what it is, not because a list named it.
import { describe, expect, it } from "vitest";
import { emailField, organizationWritable, personWritable } from "./entities";
import { foundationForm, ownerEmailSchema, profileForm } from "./forms";
import { MESSAGES } from "./rules";
import { printable, sameName } from "./text";

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.error?.issues.map((i) => `${String(i.path[0] ?? "")}: ${i.message}`) ?? [];
const apiName = (first_name: string) => personWritable.partial().safeParse({ first_name });
const formName = (firstName: string) => profileForm.partial().safeParse({ firstName });

/** Characters a review found accepted in names (decision 0190), each invisible or a look-alike of a space. */
const LOOK_ALIKES = {
  "soft hyphen U+00AD": "Ada\u00ADLovelace",
  "tag letter U+E0041": "Ada\u{E0041}",
  "interlinear anchor U+FFF9": "Ada\uFFF9",
  "Hangul filler U+3164 (a letter that shows nothing)": "Ada\u3164Lovelace",
  "Hangul choseong filler U+115F": "\u115FAda",
  "braille blank U+2800": "Ada\u2800Lovelace",
  "combining grapheme joiner U+034F": "Ada\u034F",
  "variation selector U+FE0F": "Ada\uFE0F",
  "zero-width joiner outside letters": "Ada\u200D ",
};

describe("a person's name: letters and their marks, spaces, - ' ’ .", () => {
  it.each(["Ada", "O'Brien-Núñez", "Zoë", "J. R. R.", "D’Arcy", "王小明", "Σωκράτης", "ʻIolani", "Mehr\u200Cnoosh"])(
    "accepts %j, at the API and in the form",
    (name) => {
      expect(messages(apiName(name))).toEqual([]);
      expect(messages(formName(name))).toEqual([]);
    },
  );

  it.each([
    ["<script>alert(1)</script>", "markup"],
    ["Zoë 🚀", "an emoji"],
    ["Ada 1", "a digit"],
    ["Ada_Lovelace", "an underscore"],
    ["Ada\u{F8FF}", "a private-use character"],
    ["Ada\u{50000}", "an unassigned code point"],
    ["e\u20DD", "an enclosing mark"],
  ])("refuses %j (%s), naming the field, the same at both ends", (name) => {
    expect(messages(apiName(name))).toEqual([`first_name: ${MESSAGES.personName("First name")}`]);
    expect(messages(formName(name))).toEqual([`firstName: ${MESSAGES.personName("First name")}`]);
  });

  it.each(Object.entries(LOOK_ALIKES))("refuses the %s", (_what, name) => {
    expect(apiName(name).success).toBe(false);
    expect(formName(name).success).toBe(false);
    expect(personWritable.partial().safeParse({ last_name: name }).success).toBe(false);
  });

  it("needs a letter; a blank name is the required rule's to judge", () => {
    expect(messages(apiName("- ."))).toEqual([`first_name: ${MESSAGES.needsLetter("First name")}`]);
    expect(apiName("").success).toBe(true);
    expect(messages(formName(""))).toEqual([`firstName: ${MESSAGES.required}`]);
  });

  it("stores a name composed (NFC), so e + U+0301 and é are one name", () => {
    const r = personWritable.partial().parse({ first_name: "Zoe\u0308" });
    expect(r.first_name).toBe("Zoë");
  });
});

describe("an address line, a city: also digits and # / , & ( ) !", () => {
  it.each(["1 Main Street", "Apt #2, 3/F", "c/o Smith & Sons (rear)", "Coeur d'Alene", "Zürich"])("accepts %j", (v) => {
    expect(personWritable.partial().safeParse({ address_line1: v, address_line2: v, city: v }).success).toBe(true);
    expect(profileForm.partial().safeParse({ address1: v, address2: v, city: v }).success).toBe(true);
  });

  it.each([
    ["<b>Apt 2</b>", MESSAGES.plainText("Address line 2")],
    ["Suite 🚀", MESSAGES.plainText("Address line 2")],
    ["Apt\u2800 2", MESSAGES.plainText("Address line 2")],
    ["#", MESSAGES.needsLetterOrDigit("Address line 2")],
  ])("refuses %j: %s", (v, message) => {
    expect(messages(personWritable.partial().safeParse({ address_line2: v }))).toEqual([`address_line2: ${message}`]);
    expect(messages(profileForm.partial().safeParse({ address2: v }))).toEqual([`address2: ${message}`]);
  });
});

describe("foundation names: a name before LLC, and two different choices", () => {
  const org = (name_1: string, name_2: string) =>
    organizationWritable.safeParse({
      name_1,
      name_2,
      registered_state: null,
      itg_as_registered_agent: false,
      activity_is_investment: false,
    });
  const form = (name1: string, name2: string) =>
    foundationForm.safeParse({
      name1,
      name2,
      locatedInDelaware: true,
      itgAsRegisteredAgent: false,
      isInvestment: false,
    });

  it("refuses 'LLC' alone in either choice", () => {
    expect(messages(org("LLC", "Acme LLC"))).toEqual([`name_1: ${MESSAGES.llcNameBefore}`]);
    expect(messages(org("Acme LLC", " llc "))).toEqual([`name_2: ${MESSAGES.llcNameBefore}`]);
    expect(messages(form("LLC", "Acme LLC"))).toEqual([`name1: ${MESSAGES.llcNameBefore}`]);
    expect(messages(form(", LLC", "Acme LLC"))).toEqual([`name1: ${MESSAGES.llcNameBefore}`]);
  });

  it("refuses a second choice equal to the first, case and spaces aside", () => {
    expect(messages(org("Acme Giving llc", "Acme Giving LLC"))).toEqual([`name_2: ${MESSAGES.sameNames}`]);
    expect(messages(form("Acme Giving LLC", "  acme  giving   LLC "))).toEqual([`name2: ${MESSAGES.sameNames}`]);
    expect(org("Acme Giving LLC", "Acme Philanthropy LLC").success).toBe(true);
    expect(form("Acme Giving LLC", "Acme Philanthropy LLC").success).toBe(true);
  });

  it.each(Object.entries(LOOK_ALIKES))("refuses the %s", (_what, name) => {
    expect(org(`${name} LLC`, "Acme LLC").success).toBe(false);
  });
});

describe("an owner's email: one plain mailbox", () => {
  it.each(["v@x.com", "V@X.com", "o'neil+tag@sub.example.co", "first.last@example.org"])("accepts %j", (v) => {
    expect(emailField.safeParse(v).success).toBe(true);
    expect(ownerEmailSchema([]).safeParse(v).success).toBe(true);
  });

  it.each([
    "<v@x.com>",
    "a<v@x.com>",
    "c,v@x.com",
    "e;v@x.com",
    '"v"@x.com',
    "(c)v@x.com",
    "a b@x.com",
    "<script>x</script>@x.com",
    "émile@exämple.com",
    "v@x",
  ])("refuses %j with the contract's message, at both ends", (v) => {
    expect(messages(emailField.safeParse(v))).toEqual([`: ${MESSAGES.email}`]);
    expect(messages(ownerEmailSchema([]).safeParse(v))).toEqual([`: ${MESSAGES.email}`]);
  });

  it("an address already listed differs only by case", () => {
    expect(messages(ownerEmailSchema(["v@x.com"]).safeParse(" V@X.com "))).toEqual([`: ${MESSAGES.emailExists}`]);
  });
});

describe("printable: a stored value as a mail subject or the tax form shows it", () => {
  it.each([
    ["Zoë 🚀 Lovelace-Byron", "Zoë Lovelace-Byron"],
    ["<b>Apt 2</b>", "Apt 2"],
    ["Ada\u200B\u202ELovelace\u2028", "AdaLovelace"],
    ["Line\none", "Line one"],
    ["Mehr\u200Cnoosh", "Mehr\u200Cnoosh"],
    ["Zoe\u0308", "Zoë"],
  ])("%j → %j", (stored, shown) => expect(printable(stored)).toBe(shown));

  it("compares names as a person reads them", () => {
    expect(sameName(" Acme  Giving llc", "acme giving LLC")).toBe(true);
    expect(sameName("Acme Giving LLC", "Acme Givings LLC")).toBe(false);
  });
});
