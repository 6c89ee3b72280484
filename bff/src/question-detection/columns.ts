/** A value and how many of the values lie within the radius of it, with their mean. */
export interface Neighbourhood {
  value: number;
  count: number;
  mean: number;
}

/**
 * For each value (ascending), the values within `radius` of it: one sweep over the sorted values, so a page of
 * thousands of look-alike items costs no more than their number.
 */
export function neighbourhoods(values: readonly number[], radius: number): Neighbourhood[] {
  const sorted = [...values].sort((a, b) => a - b);
  const prefix = [0];
  for (const value of sorted) prefix.push(prefix[prefix.length - 1]! + value);
  const result: Neighbourhood[] = [];
  let low = 0;
  let high = 0;
  for (const value of sorted) {
    while (sorted[low]! < value - radius) low++;
    while (high < sorted.length && sorted[high]! <= value + radius) high++;
    result.push({ value, count: high - low, mean: (prefix[high]! - prefix[low]!) / (high - low) });
  }
  return result;
}
