import { pageScopeOf } from './page-scope';

const subjectPage = (code: string, id: number | null) => ({
  queryKey: ['pages', 'subject', code],
  data: id === null ? null : { subject: { id, code, papers: [] } },
});

describe('which subjects a rendered page shows', () => {
  it("a subject's page shows that subject only (the site's settings beside it change every page anyway)", () => {
    expect(pageScopeOf([subjectPage('0580', 7), { queryKey: ['settings'], data: { site_name: 'X' } }])).toEqual({
      subjects: [7],
    });
  });

  it('a page without data shows no subject', () => {
    expect(pageScopeOf([])).toEqual({ subjects: [] });
  });

  it('may show anything when it lists subjects or papers, shows statistics, or is a missing subject', () => {
    expect(pageScopeOf([subjectPage('0580', 7), { queryKey: ['subjects'], data: [] }])).toBeNull();
    expect(pageScopeOf([{ queryKey: ['past-papers', 'summaries'], data: [] }])).toBeNull();
    expect(pageScopeOf([{ queryKey: ['dashboard-stats'], data: {} }])).toBeNull();
    expect(pageScopeOf([subjectPage('NEW1', null)])).toBeNull();
    expect(pageScopeOf([{ queryKey: ['pages', 'subject', '0580'], data: { subject: { id: '7' } } }])).toBeNull();
  });
});
