/** Drops the members a buyer left out; no buyer at all when none is left. */
export function storedBuyer(buyer: Record<string, string | undefined> | undefined): Record<string, string> | null {
  const given = Object.entries(buyer ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return given.length > 0 ? Object.fromEntries(given) : null;
}
