import { api, ApiError } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { paperFixture, variantFixture } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/render';
import { PastPaperDetailsPage } from './PastPaperDetailsPage';

const paper = paperFixture({
  id: 10,
  subject: 'Physics',
  code: '0625',
  level: 'cambridge-igcse',
  year: 2024,
  session: 'May/June',
  variants: [
    variantFixture({
      id: 101,
      name: '',
      version: 2,
      document_downloads: 1,
      mark_scheme_path: 'mark-schemes/m.pdf',
      mark_scheme_downloads: 1234,
    }),
    variantFixture({ id: 100, name: 'Paper 1', version: 1, document_downloads: 7 }),
  ],
});

function renderDetails(route = '/admin/past-papers/10') {
  return renderScreen(<PastPaperDetailsPage />, {
    route,
    path: '/admin/past-papers/:id',
    routes: <Route path="/admin/past-papers/edit/:id" element={<p>Edit screen</p>} />,
  });
}

describe('PastPaperDetailsPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the heading, tags, summary and every variant with its three slots', async () => {
    jest.spyOn(api.pastPapers, 'get').mockResolvedValue(paper);
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Physics (0625) - May/June 2024' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Total Variants2');
    expect(summary).toHaveTextContent('LevelCambridge IGCSE');

    const variants = within(screen.getByRole('region', { name: 'Variants' })).getAllByRole('listitem');
    expect(within(variants[0]!).getByRole('heading', { name: 'Paper 1' })).toBeInTheDocument();
    // A variant without a name reads 'Paper {version}'.
    const second = variants[1]!;
    expect(within(second).getByRole('heading', { name: 'Paper 2' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Version 2');

    const pastPaper = within(second).getByRole('region', { name: 'Past Paper of Paper 2' });
    expect(pastPaper).toHaveTextContent('Downloaded: 1 time'); // plural rules
    // View opens the public site's document viewer on that variant's question paper.
    expect(within(pastPaper).getByRole('link', { name: /^View/ }).getAttribute('href')).toMatch(
      /^\/papers\/\d+\/view\?variant=101$/,
    );
    expect(within(pastPaper).getByRole('link', { name: /^View/ })).toHaveAttribute('target', '_blank');
    expect(within(pastPaper).getByRole('link', { name: /^Download/ })).toHaveAttribute(
      'href',
      '/backend/api/past_papers.php?download_variant_id=101&variant_document_type=document',
    );
    expect(within(second).getByRole('region', { name: 'Mark Scheme of Paper 2' })).toHaveTextContent(
      'Downloaded: 1,234 times',
    );
    expect(within(second).getByRole('region', { name: 'Examiner Report of Paper 2' })).toHaveTextContent(
      'No examiner report uploaded',
    );
    expect(within(variants[0]!).getByRole('region', { name: 'Mark Scheme of Paper 1' })).toHaveTextContent(
      'No mark scheme uploaded',
    );
  });

  it("goes back to the list carrying the paper's id with 'Edit Past Paper'", async () => {
    const user = userEvent.setup();
    jest.spyOn(api.pastPapers, 'get').mockResolvedValue(paper);
    renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Edit Past Paper' }));
    expect(screen.getByText('Edit screen')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/past-papers/edit/10');
  });

  it("says 'No variants found for this past paper.'", async () => {
    jest.spyOn(api.pastPapers, 'get').mockResolvedValue({ ...paper, variants: [] });
    renderDetails();
    expect(await screen.findByText('No variants found for this past paper.')).toBeInTheDocument();
    expect(screen.getByText('No variants found for this past paper.').closest('section')).not.toHaveTextContent(
      'Downloaded',
    );
  });

  it("shows 'Error Loading Past Paper' with a way back", async () => {
    jest.spyOn(api.pastPapers, 'get').mockRejectedValue(new ApiError('API GET error: Internal Server Error', 500));
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Error Loading Past Paper' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load past paper details. Please try again later.');
    expect(screen.getByRole('link', { name: 'Back to Past Papers' })).toHaveAttribute('href', '/admin/past-papers');
  });

  it("says 'Past paper not found' for a missing paper", async () => {
    jest
      .spyOn(api.pastPapers, 'get')
      .mockRejectedValue(new ApiError('API GET error: Not Found', 404, 'Past paper not found'));
    renderDetails('/admin/past-papers/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Past paper not found');
  });

  it('starts the download of the first document when opened with download=true, once', async () => {
    jest.spyOn(api.pastPapers, 'get').mockResolvedValue(paper);
    const clicks: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.getAttribute('href') ?? '');
    });
    renderDetails('/admin/past-papers/10?download=true');
    await screen.findByRole('heading', { name: 'Physics (0625) - May/June 2024' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/past-papers\/10$/));
    expect(clicks).toEqual(['/backend/api/past_papers.php?download_variant_id=100&variant_document_type=document']);
    click.mockRestore();
  });
});
