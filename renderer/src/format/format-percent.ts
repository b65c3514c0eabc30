/** A percentage with at most one decimal: 42.14 → "42.1%", 50 → "50%". */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(1))}%`;
}
