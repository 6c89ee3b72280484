import { act, renderHook } from '@testing-library/react';
import { NOTE_SAVE_DELAY_MS, useNoteDraft } from './use-note-draft';

describe('useNoteDraft', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setUp = (saved = '') => {
    const save = jest.fn<void, [string]>();
    const hook = renderHook(({ stored }) => useNoteDraft(stored, save), { initialProps: { stored: saved } });
    return { save, hook };
  };

  it('keeps the note once the student pauses, once per pause, and shows what is typed meanwhile', () => {
    const { save, hook } = setUp('old');
    act(() => hook.result.current.onChange('Revise'));
    act(() => hook.result.current.onChange('Revise circles'));
    expect(hook.result.current.value).toBe('Revise circles');
    act(() => jest.advanceTimersByTime(NOTE_SAVE_DELAY_MS - 1));
    expect(save).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(save.mock.calls).toEqual([['Revise circles']]);
    // Leaving the field with nothing new to keep stores nothing again.
    hook.rerender({ stored: 'Revise circles' });
    act(() => hook.result.current.onBlur());
    expect(save).toHaveBeenCalledTimes(1);
    expect(hook.result.current.value).toBe('Revise circles');
  });

  it('keeps what was typed at once when the field loses focus, the page is left or the panel goes away', () => {
    const blur = setUp();
    act(() => blur.hook.result.current.onChange('a'));
    act(() => blur.hook.result.current.onBlur());
    expect(blur.save.mock.calls).toEqual([['a']]);

    const leave = setUp();
    act(() => leave.hook.result.current.onChange('b'));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(leave.save.mock.calls).toEqual([['b']]);

    const gone = setUp();
    act(() => gone.hook.result.current.onChange('c'));
    gone.hook.unmount();
    expect(gone.save.mock.calls).toEqual([['c']]);
  });

  it('stores nothing when the note is back to what was kept', () => {
    const { save, hook } = setUp('same');
    act(() => hook.result.current.onChange('sam'));
    act(() => hook.result.current.onChange('same'));
    act(() => jest.advanceTimersByTime(NOTE_SAVE_DELAY_MS));
    act(() => hook.result.current.onBlur());
    expect(save).not.toHaveBeenCalled();
  });
});
