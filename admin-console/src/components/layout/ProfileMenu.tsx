import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import styles from './AdminLayout.module.css';

export interface ProfileMenuProps {
  name: string;
  onLogout: () => void;
  /** Opens Change password (shown when given). */
  onChangePassword?: () => void;
  /** Signs out every session of this user (shown when given). */
  onLogoutEverywhere?: () => void;
}

/**
 * The profile menu (Settings, Change password, Logout, Sign out everywhere): a menu button with arrow-key navigation; Escape and outside clicks close it. */
export function ProfileMenu({ name, onLogout, onChangePassword, onLogoutEverywhere }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return undefined;
    items()[0]?.focus();
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      list[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      list[list.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className={styles.profile}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.profileButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className={styles.avatar} aria-hidden="true">
          {name.trim().charAt(0).toUpperCase() || 'A'}
        </span>
        <span className={styles.profileName}>{name}</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label="Profile"
          className={styles.menu}
          onKeyDown={onMenuKeyDown}
        >
          <Link
            role="menuitem"
            tabIndex={-1}
            to="/admin/settings"
            className={styles.menuItem}
            onClick={() => setOpen(false)}
          >
            Settings
          </Link>
          {onChangePassword && (
            <MenuAction label="Change password" onSelect={onChangePassword} close={() => setOpen(false)} />
          )}
          <MenuAction label="Logout" onSelect={onLogout} close={() => setOpen(false)} />
          {onLogoutEverywhere && (
            <MenuAction label="Sign out everywhere" onSelect={onLogoutEverywhere} close={() => setOpen(false)} />
          )}
        </div>
      )}
    </div>
  );
}

/** One action of the profile menu: closes the menu, then does its work. */
function MenuAction({ label, onSelect, close }: { label: string; onSelect: () => void; close: () => void }) {
  return (
    <button
      role="menuitem"
      tabIndex={-1}
      type="button"
      className={styles.menuItem}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      {label}
    </button>
  );
}
