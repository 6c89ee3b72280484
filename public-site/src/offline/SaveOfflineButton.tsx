import { formatFileSize, ProgressBar } from '@ppl/shared-ui';
import { useEffect, useMemo, useState } from 'react';
import { Link } from '../lib/router';
import { useSavedPacks } from './hooks';
import { plannedBytes, type PackPlan } from './pack-plan';
import { offlineSupported, savePack, StorageFullError } from './pack-store';
import styles from './SaveOffline.module.css';

type State = { step: 'idle' } | { step: 'saving'; loaded: number; total: number } | { step: 'error'; message: string };

/**
 * "Save for offline" with the size before saving and the progress while saving; once saved, a mark that links to
 * /offline. Rendered in the browser only (the server's HTML has no place for it: the worker decides what is saved).
 */
export function SaveOfflineButton({
  plan,
  label = 'Save for offline',
  placement,
}: {
  plan: PackPlan;
  label?: string;
  /** 'hero': under a page's title band (spaced from the subtitle). */
  placement?: 'hero';
}) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(offlineSupported()), []);
  const { packs } = useSavedPacks();
  const [state, setState] = useState<State>({ step: 'idle' });
  const bytes = useMemo(() => plannedBytes(plan), [plan]);
  if (!live) return null;
  const className = [styles.save, placement === 'hero' ? styles.hero : ''].filter(Boolean).join(' ');
  // Saved as itself, or every document of it is inside other saved packs (a session of a saved subject).
  const own = packs.find((p) => p.id === plan.id);
  const savedUrls = new Set(packs.flatMap((p) => p.urls));
  const covered = plan.parts.every((part) => part.optional || savedUrls.has(part.url));

  if ((own || (covered && packs.length > 0)) && state.step !== 'saving') {
    return (
      <span className={className} data-testid="save-offline" data-state="saved">
        <Link to="/offline" className={`${styles.saved} ${styles.link}`}>
          <span aria-hidden="true">✓</span> Saved offline{own ? ` · ${formatFileSize(own.bytes)}` : ''}
          <span className="ppl-visually-hidden">: {plan.title}</span>
        </Link>
      </span>
    );
  }

  const save = async () => {
    setState({ step: 'saving', loaded: 0, total: bytes });
    try {
      const { warmViewer } = await import(/* webpackChunkName: "offline-register" */ './register');
      await savePack(plan, (p) => setState({ step: 'saving', ...p }));
      await warmViewer().catch(() => undefined);
      setState({ step: 'idle' });
    } catch (error) {
      setState({
        step: 'error',
        message:
          error instanceof StorageFullError
            ? error.message
            : 'Saving did not finish (the connection may have dropped). Nothing was kept; try again.',
      });
    }
  };

  return (
    <span className={className} data-testid="save-offline" data-state={state.step} data-bytes={bytes}>
      <button type="button" className={styles.button} onClick={() => void save()} disabled={state.step === 'saving'}>
        {state.step === 'saving' ? 'Saving…' : label}
        <span className="ppl-visually-hidden">: {plan.title}</span>
        <span className={styles.size} data-testid="save-offline-size">
          {' '}
          · {formatFileSize(bytes)}
        </span>
      </button>
      {state.step === 'saving' && (
        <span className={styles.progress}>
          <ProgressBar value={state.total ? state.loaded / state.total : 0} label={`Saving ${plan.title}`} />
        </span>
      )}
      {state.step === 'error' && (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      )}
    </span>
  );
}
