import { changeSearchParams } from './search-params';

const set = (key: string, value: string) => (params: URLSearchParams) => {
  params.set(key, value);
  return params;
};

describe('changing the address before the page renders again', () => {
  it('keeps every change made from the same render', () => {
    const rendered = new URLSearchParams('tab=mark-schemes');
    changeSearchParams(rendered, set('sort', 'title'));
    const second = changeSearchParams(rendered, set('view', 'list'));
    expect(second.toString()).toBe('tab=mark-schemes&sort=title&view=list');
  });

  it('starts from the rendered params once the page rendered again', () => {
    changeSearchParams(new URLSearchParams('a=1'), set('b', '2'));
    const next = changeSearchParams(new URLSearchParams('a=1&b=2&c=3'), set('d', '4'));
    expect(next.toString()).toBe('a=1&b=2&c=3&d=4');
  });
});
