import { api } from '@ppl/shared-ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { Router } from '../lib/router';
import { makePaper, makeSubject, summaryOf } from '../../test/fixtures';
import '../../test/render';
import { PublicRoutes } from './routes';

const maths = makeSubject({ name: 'Mathematics', code: '0580', paper_count: 1 });

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path }).hook}>
        <PublicRoutes />
      </Router>
    </QueryClientProvider>,
  );
}

describe('public routes (spec section 2)', () => {
  beforeEach(() => {
    jest.spyOn(api.subjects, 'list').mockResolvedValue([maths]);
    jest.spyOn(api.subjects, 'get').mockResolvedValue({ ...maths, papers: [makePaper(maths)] });
    jest.spyOn(api.pages, 'subject').mockResolvedValue({
      subject: { ...maths, papers: [makePaper(maths)] },
      coverage: { subject: maths, columns: [], sessions: [], missing_mark_schemes: 0 },
    });
    jest.spyOn(api.pastPapers, 'list').mockResolvedValue([makePaper(maths)]);
    jest.spyOn(api.pastPapers, 'summaries').mockResolvedValue([summaryOf(makePaper(maths))]);
    jest.spyOn(api.dashboard, 'stats').mockResolvedValue({ totalPapers: 1, totalUsers: 1, totalDownloads: 0 });
    jest.spyOn(api.settings, 'getPublic').mockRejectedValue(new Error('not needed'));
    jest.spyOn(api.faqs, 'list').mockResolvedValue({ faqs: [], categories: [] });
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['/', 'Past Paper Library'],
    ['/past-papers', 'All Past Papers'],
    ['/past-papers/cambridge-igcse', 'Cambridge IGCSE Past Papers'],
    ['/past-papers/o-level', 'O Level Past Papers'],
    ['/past-papers/subject/0580', 'Mathematics'],
    ['/subjects/0580', 'Mathematics'],
    ['/past-papers/subject', 'Subject Not Found'],
    ['/faqs', 'Frequently Asked Questions'],
    ['/contact', 'Contact Us'],
    ['/past-papers/astrology', 'Page Not Found'],
    ['/anything/else', 'Page Not Found'],
  ])('%s shows %s inside the layout', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('public-layout')).toContainElement(screen.getByRole('navigation', { name: 'Main' }));
  });
});
