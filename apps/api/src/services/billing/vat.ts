/**
 * The VAT rule of Kaja DNS invoices (docs/decisions/019-billing-and-vat.md): the seller is an
 * Estonian company, so Estonian VAT applies, except to businesses in another EU member state
 * that give a VAT ID, which account for VAT themselves (reverse charge).
 */

/** Estonia's standard rate since 1 July 2025, in basis points. */
export const estonianVatRateBasisPoints = 2400;

export const reverseChargeNote = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';

/**
 * VAT ID formats by member state (the prefix as VIES uses it: EL for Greece). Northern Ireland's XI
 * numbers are left out: they cover trade in goods only, not services like ours. Only the shape is
 * checked here; a live VIES look-up can be added behind VatIdVerifier.
 */
const vatIdFormats: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** VIES prefixes that differ from the ISO country code. */
const vatPrefixOfCountry: Record<string, string> = { GR: 'EL' };

/** The ID as VIES writes it: upper case, without spaces, dots or dashes. */
export const normaliseVatId = (vatId: string) => vatId.toUpperCase().replace(/[\s.-]/g, '');

/** Why the VAT ID cannot be right for a buyer in `country` (ISO code), or null when its format fits. */
export function vatIdProblem(vatId: string, country: string): string | null {
  const prefix = vatId.slice(0, 2);
  const format = vatIdFormats[prefix];
  if (!format) return `${vatId} does not start with the prefix of an EU member state (e.g. EE, DE, FR)`;
  if (!format.test(vatId.slice(2))) return `${vatId} is not in the format of a ${prefix} VAT ID`;
  const expected = vatPrefixOfCountry[country] ?? country;
  if (prefix !== expected) return `A ${prefix} VAT ID does not match the billing country ${country}`;
  return null;
}

/**
 * Checks that a VAT ID is registered (VIES). The built-in one trusts the format check; an
 * implementation that asks VIES can replace it without changing callers.
 */
export interface VatIdVerifier {
  verify(vatId: string): Promise<{ valid: boolean; checkedOnline: boolean }>;
}

export const formatOnlyVatIdVerifier: VatIdVerifier = {
  async verify() {
    return { valid: true, checkedOnline: false };
  },
};

export interface VatTreatment {
  rateBasisPoints: number;
  note: string | null;
}

/** The VAT an invoice to this buyer carries. */
export function vatTreatment(buyer: { country: string; vatId: string | null }): VatTreatment {
  // The VAT ID was checked against the billing country when it was saved.
  if (buyer.vatId && buyer.country !== 'EE') {
    return { rateBasisPoints: 0, note: reverseChargeNote };
  }
  return { rateBasisPoints: estonianVatRateBasisPoints, note: null };
}

/** Net amount (cents) in a price that includes Estonian VAT: catalogue prices are VAT included. */
export const netOfGross = (grossCents: number) => Math.round((grossCents * 10_000) / (10_000 + estonianVatRateBasisPoints));

/** VAT on a net amount at a rate in basis points, rounded to the cent. */
export const vatOn = (netCents: number, rateBasisPoints: number) => Math.round((netCents * rateBasisPoints) / 10_000);
