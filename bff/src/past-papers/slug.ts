/**
 * Spec section 4: lowercase, spaces to hyphens (and nothing a URL would choke on). The console applies the same rule
 * (shared-ui/src/format/slug.ts); e2e/tests/releases/shared-contract.test.ts keeps the two one rule.
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
