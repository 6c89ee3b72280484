import * as server from '../../../bff/src/common/domain-values';
import * as client from '../../../shared-ui/src/types/domain';

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
});
