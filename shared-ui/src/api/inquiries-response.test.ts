import { parseInquiriesResponse } from './inquiries-response';

describe('parseInquiriesResponse', () => {
  it('reads a normal reply', () => {
    expect(parseInquiriesResponse('{"inquiries":[{"id":1}],"total":12}')).toEqual({
      inquiries: [{ id: 1 }],
      total: 12,
    });
  });

  it('uses the second of two concatenated JSON objects', () => {
    const text = '{"notice":"a } inside a string"}{"inquiries":[{"id":2}],"total":1}';
    expect(parseInquiriesResponse(text)).toEqual({ inquiries: [{ id: 2 }], total: 1 });
  });

  it('requires an inquiries field', () => {
    expect(() => parseInquiriesResponse('{"total":1}')).toThrow('Invalid response format from server');
  });

  it('reports an unreadable reply', () => {
    expect(() => parseInquiriesResponse('not json at all')).toThrow(
      'Invalid API response: could not parse inquiries data.',
    );
  });
});
