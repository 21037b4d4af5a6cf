const known = new Set(Intl.supportedValuesOf('currency'));

/** An active ISO 4217 code that the runtime can format (USD, EUR, JPY, ...). */
export function isKnownCurrency(code: string): boolean {
  return known.has(code);
}
