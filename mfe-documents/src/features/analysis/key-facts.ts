/**
 * Amounts and identifiers in a document's text (issue 15 §2, docs/decisions/0215): "Total £1,234.56",
 * "Policy number HX-4471-22", an IBAN, a National Insurance number… each with the label it goes by,
 * the line it came from and a confidence. Pure; run when the panel shows a document's text, never
 * stored: the person copies a fact or adds it to the notes with a click.
 *
 * Against false positives: a value counts only right after its label (except formats that check
 * themselves: an IBAN's mod-97, a passport's machine-readable line, a VIN's check digit, and the
 * National Insurance pattern), a reference that reads as a date or a phone number is dropped, and an
 * amount without a currency needs exactly two decimals and a label such as "Net pay".
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import { labelPattern, sourceLines } from './key-dates';

export type Currency = 'GBP' | 'EUR' | 'USD';

export interface KeyFact {
  kind: 'amount' | 'identifier';
  /** What it is, as a person would write it in the notes: "Policy number", "Amount due". */
  label: string;
  /** The value, tidied: "£1,234.56", "GB82 WEST 1234 5698 7654 32", "JG 10 37 56 A". */
  value: string;
  /** Amounts: the number and its currency (null when the document does not say). */
  amount?: { value: number; currency: Currency | null };
  /** The line(s) it was read from, as printed. */
  source: string;
  /** 0–1: higher where the format checks itself (IBAN, NHS number, passport MRZ, VIN). */
  confidence: number;
}

/** The text read; a very long text is searched in its first part only (facts sit on page one). */
const MAX_TEXT = 200_000;
const MAX_FACTS = 12;

/* ------------------------------------------------------------------------------------------------
 * Identifiers
 * ---------------------------------------------------------------------------------------------- */

interface IdentifierRule {
  /** null: the label as printed, capitalised ("Booking reference", "Customer number"). */
  label: string | null;
  labels: readonly string[];
  /** Sticky: tried right after the label and its separators. */
  value: RegExp;
  /** Rejects a value whose own check fails. */
  valid?: (value: string) => boolean;
  tidy?: (value: string) => string;
  confidence: number;
  /** Confidence when `valid` is a real checksum that passed. */
  checked?: number;
}

/** A reference as printed: one token with a digit, not a date, not a phone number. */
const TOKEN = /[A-Z0-9](?:[A-Z0-9]|[-/.](?=[A-Z0-9])){2,29}(?![A-Z0-9])(?![ \t]\d)/iy;
const DATE_LIKE = /^(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|\d{1,2}[/.-]\d{4})$/;
const PHONE_LIKE = /^(?:\+?44|0)\d{9,10}$/;
/**
 * A version number ("4.1", "2.3.1", "v10.15") is not a reference (issue 21 §6: a manual's "Reference
 * 4.1" came out as a reference). Dotted numbers grouped in threes ("123.456.789") still are.
 */
const VERSION_LIKE = /^v?\d{1,3}(?:\.\d{1,3}){1,3}$/i;
export const isVersionNumber = (value: string) => VERSION_LIKE.test(value) && !/^\d{3}(?:\.\d{3})+$/.test(value);
const reference = (value: string) => /\d/.test(value) && !DATE_LIKE.test(value) && !PHONE_LIKE.test(value) && !/^\d+[.,]\d{2}$/.test(value) && !isVersionNumber(value);
const squash = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

const NI = /(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Z0-9])/y;
const tidyNi = (value: string) => {
  const v = squash(value);
  return `${v.slice(0, 2)} ${v.slice(2, 4)} ${v.slice(4, 6)} ${v.slice(6, 8)} ${v.slice(8)}`;
};

/** NHS number: ten digits, the last a mod-11 check digit. */
export function validNhsNumber(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = [...digits.slice(0, 9)].reduce((total, d, i) => total + Number(d) * (10 - i), 0);
  const check = 11 - (sum % 11);
  return check !== 10 && (check === 11 ? 0 : check) === Number(digits[9]);
}

const VIN_VALUES: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((ch, i) => [ch, [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i]]),
);
/** The North American check digit (position 9); European VINs often carry none. */
export function vinCheckDigitValid(vin: string): boolean {
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce((total, ch, i) => total + (/\d/.test(ch) ? Number(ch) : (VIN_VALUES[ch] ?? 0)) * weights[i], 0);
  const check = sum % 11;
  return vin[8] === (check === 10 ? 'X' : String(check));
}

const VIN = /[A-HJ-NPR-Z0-9]{17}(?![A-Z0-9])/y;
const vinShape = (value: string) => /\d/.test(value) && /[A-Z]/.test(value);

const IDENTIFIERS: IdentifierRule[] = [
  {
    label: 'Passport number',
    labels: ['passport number', 'passport no', 'passport num', 'passport #', 'numéro de passeport', 'numero de passeport', 'número de pasaporte', 'reisepassnummer', 'passnummer', 'pass-nr'],
    value: /[A-Z0-9]{6,9}(?![A-Z0-9])/y,
    valid: (v) => /\d/.test(v),
    confidence: 0.85,
  },
  {
    label: 'Driving licence number',
    labels: ['driving licence number', 'driving licence no', 'driver licence number', 'driver license number', 'licence number', 'license number', 'licence no', 'führerscheinnummer'],
    value: /[A-Z0-9]{5,18}(?![A-Z0-9])/y,
    valid: (v) => /\d/.test(v),
    confidence: 0.85,
  },
  {
    label: 'National Insurance number',
    labels: ['national insurance number', 'national insurance no', 'national insurance', 'ni number', 'ni no', 'nino', 'nat ins no'],
    value: NI,
    tidy: tidyNi,
    confidence: 0.95,
  },
  {
    label: 'NHS number',
    labels: ['nhs number', 'nhs no'],
    value: /\d{3} ?\d{3} ?\d{4}(?!\d)/y,
    valid: validNhsNumber,
    tidy: (v) => v.replace(/\s/g, '').replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3'),
    confidence: 0.97,
  },
  {
    label: 'IBAN',
    labels: ['iban'],
    value: /[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){10,30}/y,
    confidence: 0.97,
  },
  {
    label: 'Sort code',
    labels: ['sort code', 'sort-code', 'sortcode'],
    value: /\d{2}[- ]?\d{2}[- ]?\d{2}(?![\d-])/y,
    tidy: (v) => v.replace(/\D/g, '').replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3'),
    confidence: 0.9,
  },
  {
    label: 'Account number',
    labels: ['account number', 'account no', 'a/c number', 'a/c no', 'acc no', 'kontonummer', 'numéro de compte', 'numero de compte'],
    value: /(?:\d{4} \d{4}(?![ \t]?\d)|[A-Z0-9](?:[A-Z0-9]|-(?=[A-Z0-9])){3,19}(?![A-Z0-9])(?![ \t]\d))/iy,
    valid: reference,
    confidence: 0.85,
  },
  {
    label: 'Policy number',
    labels: ['policy number', 'policy no', 'policy ref', 'policy reference', 'policy #', 'versicherungsnummer', 'policennummer', 'numéro de police', 'numero de police', 'número de póliza', 'polisnummer'],
    value: TOKEN,
    valid: reference,
    confidence: 0.85,
  },
  {
    label: 'Vehicle registration',
    labels: ['vehicle registration mark', 'vehicle registration number', 'vehicle registration', 'registration mark', 'registration number', 'registration no', 'reg no', 'reg. no', 'reg number', 'vrm', 'number plate', 'kennzeichen', 'immatriculation'],
    // Current, prefix and suffix UK plates.
    value: /(?:[A-Z]{2}\d{2} ?[A-Z]{3}|[A-Z]\d{1,3} ?[A-Z]{3}|[A-Z]{3} ?\d{1,3}[A-Z])(?![A-Z0-9])/y,
    tidy: (v) => squash(v).replace(/^([A-Z]{2}\d{2})([A-Z]{3})$/, '$1 $2'),
    confidence: 0.9,
  },
  {
    label: 'VIN',
    labels: ['vin', 'vin number', 'vehicle identification number', 'chassis number', 'chassis no'],
    value: VIN,
    valid: vinShape,
    confidence: 0.9,
  },
  {
    label: 'Invoice number',
    labels: ['invoice number', 'invoice no', 'invoice #', 'invoice ref', 'inv no', 'rechnungsnummer', 'rechnungs-nr', 'rechnung nr', 'numéro de facture', 'n° de facture', 'factuurnummer', 'número de factura'],
    value: TOKEN,
    valid: reference,
    confidence: 0.85,
  },
  {
    label: null,
    labels: [
      'booking reference', 'booking ref', 'reference number', 'reference no', 'your reference', 'our reference', 'customer reference', 'payment reference',
      'your ref', 'our ref', 'ref no', 'reference', 'ref', 'claim number', 'claim no', 'customer number', 'customer no', 'customer id', 'membership number',
      'membership no', 'member number', 'order number', 'order no', 'serial number', 'serial no', 'company number', 'company registration number',
      'vat registration number', 'vat reg no', 'vat number', 'unique taxpayer reference', 'utr', 'kundennummer', 'numéro client', 'aktenzeichen',
    ],
    value: TOKEN,
    valid: reference,
    confidence: 0.75,
  },
];

/** Between a label and its value: "No.", ":", "#", and at most one line break. */
const GAP = /[ \t]*(?:(?:no|nr|n°)\.?(?![\p{L}]))?[ \t]*[:#=.\-–—]{0,3}[ \t]*(?:\r?\n[ \t]*)?/iuy;

const capitalise = (s: string) =>
  (s.charAt(0).toUpperCase() + s.slice(1).toLowerCase()).replace(/\b(?:vat|utr|nhs|ttc|vin|iban)\b/gi, (w) => w.toUpperCase());

function at(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

/** An IBAN printed in groups: the longest run of groups from `start` that passes mod-97. */
function ibanAt(text: string, start: number): { value: string; end: number } | null {
  const run = /[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){10,30}/y;
  const match = at(run, text, start);
  if (!match) return null;
  for (let end = match[0].length; end >= 15; end -= 1) {
    const candidate = match[0].slice(0, end);
    // Cut only where a group ends, never inside one.
    const next = match[0][end];
    if (candidate.endsWith(' ') || (next !== undefined && next !== ' ')) continue;
    const electronic = electronicFormatIBAN(candidate);
    if (electronic && isValidIBAN(electronic)) return { value: friendlyFormatIBAN(electronic) ?? electronic, end: start + end };
  }
  return null;
}

const IDENTIFIER_LABELS = IDENTIFIERS.map((rule) => [rule, labelPattern(rule.labels)] as const);

function labelledIdentifiers(text: string): KeyFact[] {
  const facts: KeyFact[] = [];
  for (const [rule, pattern] of IDENTIFIER_LABELS) {
    for (const match of text.matchAll(pattern)) {
      const printed = match[1] ?? '';
      const labelStart = (match.index ?? 0) + match[0].length - printed.length;
      const gap = at(GAP, text, labelStart + printed.length);
      const from = labelStart + printed.length + (gap?.[0].length ?? 0);
      const label = rule.label ?? capitalise(printed.replace(/\bref\b/i, 'reference'));
      if (rule.label === 'IBAN') {
        const iban = ibanAt(text, from);
        if (iban) facts.push({ kind: 'identifier', label, value: iban.value, source: sourceLines(text, labelStart, iban.end), confidence: rule.confidence });
        continue;
      }
      const value = at(rule.value, text, from)?.[0];
      if (!value || (rule.valid && !rule.valid(value))) continue;
      let confidence = rule.confidence;
      if (rule.label === 'VIN') confidence = vinCheckDigitValid(value) ? 0.97 : confidence;
      facts.push({ kind: 'identifier', label, value: rule.tidy ? rule.tidy(value) : value, source: sourceLines(text, labelStart, from + value.length), confidence });
    }
  }
  return facts;
}

/** MRZ document number check digit (ICAO 9303: weights 7, 3, 1). */
export function mrzCheckDigit(field: string): number {
  const value = (ch: string) => (ch === '<' ? 0 : /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55);
  return [...field].reduce((sum, ch, i) => sum + value(ch) * [7, 3, 1][i % 3], 0) % 10;
}

/** Formats that check themselves, found without a label: IBAN, passport MRZ, NI number, VIN. */
function unlabelledIdentifiers(text: string): KeyFact[] {
  const facts: KeyFact[] = [];
  for (const match of text.matchAll(/(?<![A-Z0-9])[A-Z]{2}\d{2}(?=[ ]?[A-Z0-9])/g)) {
    const iban = ibanAt(text, match.index ?? 0);
    if (iban) facts.push({ kind: 'identifier', label: 'IBAN', value: iban.value, source: sourceLines(text, match.index ?? 0, iban.end), confidence: 0.95 });
  }
  // A passport's machine-readable zone: "P<GBR…" then the document number and its check digit.
  const lines = text.split('\n').map((l) => l.replace(/\s/g, ''));
  for (let i = 0; i + 1 < lines.length; i += 1) {
    if (!/^P[A-Z<][A-Z<]{3}[A-Z<]{20,}$/.test(lines[i])) continue;
    const mrz = /^([A-Z0-9<]{9})(\d)[A-Z<]{3}\d{6}\d[MFX<]\d{6}\d/.exec(lines[i + 1]);
    if (mrz && mrzCheckDigit(mrz[1]) === Number(mrz[2])) {
      facts.push({ kind: 'identifier', label: 'Passport number', value: mrz[1].replace(/<+$/, ''), source: lines[i + 1].slice(0, 200), confidence: 0.97 });
    }
  }
  for (const match of text.matchAll(/(?<![A-Z0-9])(?=[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Z0-9]))/g)) {
    const value = at(NI, text, match.index ?? 0)?.[0];
    if (value) facts.push({ kind: 'identifier', label: 'National Insurance number', value: tidyNi(value), source: sourceLines(text, match.index ?? 0, (match.index ?? 0) + value.length), confidence: 0.7 });
  }
  for (const match of text.matchAll(/(?<![A-Z0-9])[A-HJ-NPR-Z0-9]{17}(?![A-Z0-9])/g)) {
    if (vinShape(match[0]) && vinCheckDigitValid(match[0])) {
      facts.push({ kind: 'identifier', label: 'VIN', value: match[0], source: sourceLines(text, match.index ?? 0, (match.index ?? 0) + 17), confidence: 0.85 });
    }
  }
  return facts;
}

/* ------------------------------------------------------------------------------------------------
 * Amounts
 * ---------------------------------------------------------------------------------------------- */

const AMOUNT_LABELS = [
  'total', 'total due', 'total to pay', 'total payable', 'total amount', 'total cost', 'total paid', 'grand total', 'amount due', 'amount payable',
  'amount to pay', 'amount', 'balance due', 'balance to pay', 'balance', 'total premium', 'annual premium', 'monthly premium', 'premium', 'gross pay',
  'net pay', 'take home pay', 'total pay', 'gross salary', 'net salary', 'monthly payment', 'monthly rent', 'rent', 'deposit', 'excess',
  'gesamtbetrag', 'rechnungsbetrag', 'summe', 'zu zahlen', 'betrag', 'bruttolohn', 'nettolohn', 'bruttogehalt', 'nettogehalt', 'total ttc',
  'montant total', 'montant dû', 'montant', 'net à payer', 'importe total', 'importe', 'totale', 'te betalen', 'totaalbedrag',
];
/** Longer labels that start like an amount label but name something else ("Total VAT"). */
const NOT_AMOUNT_LABELS = [
  'total vat', 'vat total', 'total tax', 'tax total', 'total discount', 'total savings', 'total hours', 'total items', 'total quantity', 'total weight',
  'deposit protection', 'balance brought forward', 'amount paid in', 'amount paid out',
];
const AMOUNT_LABEL = labelPattern([...AMOUNT_LABELS, ...NOT_AMOUNT_LABELS]);
const NOT_AMOUNT = new Set(NOT_AMOUNT_LABELS);

const CURRENCY: Record<string, Currency> = { '£': 'GBP', GBP: 'GBP', '€': 'EUR', EUR: 'EUR', $: 'USD', US$: 'USD', USD: 'USD' };
const NUMBER = String.raw`\d{1,3}(?:[,.' \u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const SYMBOL = String.raw`US\$|£|€|\$|GBP|EUR|USD`;
/** "£1,234.56", "1.234,56 €", "EUR 80", or a bare "2,345.67" (then checked for two decimals). */
const MONEY = new RegExp(
  String.raw`(?<![\d.,/-])(?:(${SYMBOL})[ \u00a0]?(${NUMBER})|(${NUMBER})[ \u00a0]?(${SYMBOL})|(${NUMBER}))(?![\d/]|[.,-]\d)(?![A-Za-z])`,
  'g',
);

/** "1,234.56", "1.234,56", "1 234,56", "1,234" (thousands) → the number. */
export function parseAmount(printed: string): number | null {
  const t = printed.replace(/[\s'\u00a0\u202f]/g, '');
  const last = Math.max(t.lastIndexOf(','), t.lastIndexOf('.'));
  if (last < 0) return Number(t);
  const decimals = t.length - last - 1;
  const bothKinds = t.includes(',') && t.includes('.');
  if (decimals === 3 && !bothKinds) return Number(t.replace(/[.,]/g, ''));
  const value = Number(`${t.slice(0, last).replace(/[.,]/g, '')}.${t.slice(last + 1)}`);
  return Number.isFinite(value) ? value : null;
}

export function formatAmount(value: number, currency: Currency | null): string {
  return currency
    ? new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(value)
    : value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The one currency a document prints, if it prints exactly one (for "Net pay 2,345.67"). */
function documentCurrency(text: string): Currency | null {
  const seen = new Set<Currency>();
  for (const match of text.matchAll(/US\$|£|€|\$|\b(?:GBP|EUR|USD)\b/g)) seen.add(CURRENCY[match[0]]);
  return seen.size === 1 ? [...seen][0] : null;
}

/** How far after its label an amount may be: the rest of the line, or the line under it. */
const AMOUNT_WINDOW = 60;

function amounts(text: string): KeyFact[] {
  const facts: KeyFact[] = [];
  const fallback = documentCurrency(text);
  for (const match of text.matchAll(AMOUNT_LABEL)) {
    const printed = match[1] ?? '';
    if (NOT_AMOUNT.has(printed.toLowerCase())) continue;
    const labelStart = (match.index ?? 0) + match[0].length - printed.length;
    const labelEnd = labelStart + printed.length;
    const window = text.slice(labelEnd, labelEnd + AMOUNT_WINDOW);
    MONEY.lastIndex = 0;
    const money = MONEY.exec(window);
    if (!money) continue;
    // Only separators, a few words ("due", "(inc. VAT)") and one line break between label and amount.
    const between = window.slice(0, money.index);
    if (/\d/.test(between) || between.split('\n').length > 2 || between.length > 30) continue;
    const symbol = money[1] ?? money[4];
    const number = money[2] ?? money[3] ?? money[5] ?? '';
    const value = parseAmount(number);
    if (value === null || value === 0) continue;
    let currency: Currency | null = symbol ? CURRENCY[symbol] : null;
    let confidence = 0.9;
    if (!symbol) {
      if (!/[.,]\d{2}$/.test(number)) continue;
      currency = fallback;
      confidence = fallback ? 0.75 : 0.6;
    }
    facts.push({
      kind: 'amount',
      label: capitalise(printed),
      value: formatAmount(value, currency),
      amount: { value, currency },
      source: sourceLines(text, labelStart, labelEnd + money.index + money[0].length),
      confidence,
    });
  }
  return facts;
}

/**
 * The amounts and identifiers of a document, best first, each value once (an identifier found
 * under two labels keeps the surer one).
 */
export function findKeyFacts(fullText: string): KeyFact[] {
  const text = fullText.slice(0, MAX_TEXT);
  if (!text.trim()) return [];
  const found = [...labelledIdentifiers(text), ...unlabelledIdentifiers(text), ...amounts(text)];
  const best = new Map<string, KeyFact>();
  for (const fact of found) {
    const key = fact.kind === 'identifier' ? `id:${squash(fact.value)}` : `amount:${fact.label.toLowerCase()}:${fact.value}`;
    const kept = best.get(key);
    if (!kept || fact.confidence > kept.confidence) best.set(key, fact);
  }
  return [...best.values()].sort((a, b) => b.confidence - a.confidence).slice(0, MAX_FACTS);
}

/** The line "Policy number: HX-4471-22" that "Add to notes" appends. */
export const noteLine = (fact: Pick<KeyFact, 'label' | 'value'>) => `${fact.label}: ${fact.value}`;

/** Whether the notes already carry the fact's value (then "Add to notes" is done). */
export function inNotes(fact: Pick<KeyFact, 'value'>, notes: string | null): boolean {
  return Boolean(notes) && squash(notes ?? '').includes(squash(fact.value));
}

/** The notes with the fact's line appended on its own line. */
export function withFact(notes: string | null, fact: Pick<KeyFact, 'label' | 'value'>): string {
  const current = (notes ?? '').replace(/\s+$/, '');
  return current ? `${current}\n${noteLine(fact)}` : noteLine(fact);
}
