import * as server from '../../../bff/src/common/domain-values';
import * as client from '../../../shared-ui/src/types/domain';
import { slugify as serverSlug } from '../../../bff/src/past-papers/slug';
import { slugify as clientSlug } from '../../../shared-ui/src/format/slug';

/**
 * The BFF and the front ends are released apart, so each keeps its own copy of the documented value sets
 * (spec sections 3 and 9): the BFF validates against its copy, the forms and filters offer the other. This
 * test is what keeps the two copies one contract.
 */
describe('the value sets the BFF accepts are the ones the front ends offer', () => {
  it('levels, in the documented order', () => {
    expect([...client.LEVELS]).toEqual([...server.LEVELS]);
    expect(Object.keys(client.LEVEL_LABELS).sort()).toEqual([...server.LEVELS].sort());
  });

  it('sessions', () => {
    expect([...client.SESSIONS]).toEqual([...server.SESSIONS]);
  });

  it('the variant slug rule: the slug the console shows is the slug the BFF stores', () => {
    for (const name of ['Paper 1', 'Paper 1 (Core)', '  Paper   12  ', 'Épreuve 2 / Variant B', 'P1--Extended', '']) {
      expect({ name, slug: clientSlug(name) }).toEqual({ name, slug: serverSlug(name) });
    }
    expect(clientSlug('Paper 1 (Core)')).toBe('paper-1-core');
  });
});
