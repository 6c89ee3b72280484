import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from '../../lib/router';
import styles from './HeaderSearch.module.css';

/** Typing here does not steal "/" (text fields, the contact form, the admin's editors). */
const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The header's search box on every public page: Enter opens `/search?q=`. On phones it is a search icon
 * that opens the box below the header (the header keeps its height). "/" focuses search anywhere: the results
 * page's own box when there is one, else this one. Without JavaScript the form still goes to `/search`.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) return;
      event.preventDefault();
      const pageInput = document.querySelector<HTMLInputElement>('[data-search-input]');
      if (pageInput) return pageInput.focus();
      // Shown (desktop): focus now, so the next keystroke lands in it. Folded away (phones): open it first.
      if (input.current && input.current.getClientRects().length > 0) return input.current.focus();
      setOpen(true);
      requestAnimationFrame(() => input.current?.focus());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = input.current?.value.trim() ?? '';
    if (!q) return;
    setOpen(false);
    input.current!.value = '';
    input.current!.blur();
    navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls="header-search"
        aria-label="Search"
        onClick={() => {
          setOpen(!open);
          if (!open) requestAnimationFrame(() => input.current?.focus());
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <form
        id="header-search"
        role="search"
        action="/search"
        className={[styles.form, open ? styles.open : ''].filter(Boolean).join(' ')}
        onSubmit={submit}
      >
        <label className="ppl-visually-hidden" htmlFor="header-search-input">
          Search papers
        </label>
        <input
          ref={input}
          id="header-search-input"
          className={styles.input}
          type="search"
          name="q"
          maxLength={200}
          placeholder="Search papers  ( / )"
          autoComplete="off"
          enterKeyHint="search"
          onKeyDown={onKeyDown}
        />
      </form>
    </>
  );
}
