import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from './Tabs';

type Id = 'papers' | 'schemes' | 'reports';

function Harness({ onSelect }: { onSelect?: (id: Id) => void }) {
  const [selected, setSelected] = useState<Id>('papers');
  return (
    <Tabs<Id>
      label="Resources"
      idPrefix="res"
      selected={selected}
      onSelect={(id) => {
        onSelect?.(id);
        setSelected(id);
      }}
      tabs={[
        { id: 'papers', label: 'Past Papers', count: 12 },
        { id: 'schemes', label: 'Mark Schemes', count: 1234 },
        { id: 'reports', label: 'Examiner Reports', count: 0 },
      ]}
      formatCount={(n) => n.toLocaleString('en-US')}
    >
      <p>Panel of {selected}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('marks the selected tab and links the panel to it', () => {
    render(<Harness />);
    const selected = screen.getByRole('tab', { name: /Past Papers/ });
    expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(selected).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: /Mark Schemes/ })).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName(/Past Papers/);
    expect(panel).toHaveTextContent('Panel of papers');
  });

  it('shows each count as a formatted badge', () => {
    render(<Harness />);
    expect(screen.getByRole('tab', { name: /Mark Schemes/ })).toHaveTextContent('Mark Schemes1,234');
    expect(screen.getByRole('tab', { name: /Examiner Reports/ })).toHaveTextContent('Examiner Reports0');
  });

  it('selects a tab on click', async () => {
    const onSelect = jest.fn();
    render(<Harness onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('tab', { name: /Examiner Reports/ }));
    expect(onSelect).toHaveBeenCalledWith('reports');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel of reports');
  });

  it('moves focus and selection with arrow keys, Home and End, wrapping around', async () => {
    render(<Harness />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: /Past Papers/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Mark Schemes/ })).toHaveFocus();
    expect(screen.getByRole('tab', { name: /Mark Schemes/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /Examiner Reports/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Past Papers/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel of reports');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel of papers');
  });
});
