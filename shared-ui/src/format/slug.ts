/**
 * The variant slug rule (spec section 4: lowercase, spaces to hyphens), with nothing a URL would choke on. The BFF
 * applies the same rule to what it stores (bff/src/past-papers/variant-input.ts); shared-contract.test.ts keeps
 * the two one rule, so the slug the console shows is the slug that is saved.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .slice(0, 200);
}
