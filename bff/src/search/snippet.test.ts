import { snippetHtml } from './snippet';

describe('snippetHtml', () => {
  it('wraps the matched words in <mark> and escapes everything else', () => {
    expect(snippetHtml('Explain why \u0001photosynthesis\u0002 needs <b>light</b> & "water"')).toBe(
      'Explain why <mark>photosynthesis</mark> needs &lt;b&gt;light&lt;/b&gt; &amp; &quot;water&quot;',
    );
  });

  it('never lets document text become markup', () => {
    const html = snippetHtml("<script>alert('x')</script> \u0001rate\u0002 <img src=x onerror=alert(1)>")!;
    expect(html).not.toMatch(/<(?!\/?mark>)/);
    expect(html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
  });

  it('collapses white space and closes an unbalanced mark', () => {
    expect(snippetHtml('a\n\n  \u0001b')).toBe('a <mark>b</mark>');
    expect(snippetHtml('\u0002stray \u0001x\u0002')).toBe('stray <mark>x</mark>');
  });

  it('answers null without a headline', () => {
    expect(snippetHtml(null)).toBeNull();
  });
});
