import { Button, EmptyState, formatFileSize } from '@ppl/shared-ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { PageHero } from '../../../components/PageHero';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import type { SavedPack } from '../../../sw/shared';
import { useSavedPacks, useStorageEstimate } from '../../../offline/hooks';
import { offlineSupported, removePack } from '../../../offline/pack-store';
import styles from './OfflinePage.module.css';

const KIND_LABELS = { paper: 'Paper', session: 'Session', subject: 'Subject' } as const;

/** The documents a pack holds (question papers, mark schemes, reports: the viewer's `stream=1` reads). */
const documentsIn = (pack: SavedPack) =>
  pack.urls.filter((url) => new URL(url).searchParams.get('stream') === '1').length;

/**
 * /offline: what is saved on this device, with sizes, the storage used and left, and a remove button for each.
 * The service worker opens it, offline, in place of a page that is not saved (`?from=` names that page).
 */
export function OfflinePage() {
  useDocumentTitle('Saved for offline', 'Past papers saved on this device, readable without a connection.');
  const [params] = useSearchParams();
  const from = params.get('from');
  const { packs, loaded } = useSavedPacks();
  const estimate = useStorageEstimate(packs);
  const [online, setOnline] = useState(true);
  const [supported, setSupported] = useState(true);
  const [removing, setRemoving] = useState<string | null>(null);
  useEffect(() => {
    setSupported(offlineSupported());
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  const total = packs.reduce((sum, p) => sum + p.bytes, 0);

  return (
    <>
      <PageHero title="Saved for offline" subtitle="Papers, sessions and subjects you can read without a connection." />
      <div className={styles.content}>
        {(!online || from) && (
          <p className={styles.notice} role="status" data-testid="offline-notice">
            {from
              ? `You are offline and ${from} is not saved on this device. Here is what you can read now.`
              : 'You are offline. Here is what you can read now.'}
          </p>
        )}
        {!supported && <p className={styles.notice}>This browser cannot save pages for offline reading.</p>}
        <p className={styles.storage} data-testid="offline-storage">
          Saved: {formatFileSize(total)}
          {estimate && estimate.quota > 0 && (
            <>
              {' '}
              · storage used {formatFileSize(estimate.usage)} · left {formatFileSize(estimate.quota - estimate.usage)}
            </>
          )}
        </p>
        {loaded && packs.length === 0 && (
          <EmptyState
            title="Nothing saved yet"
            hint="Open a subject or a paper and choose “Save for offline” to read it without a connection."
            action={<Link to="/past-papers">Browse past papers</Link>}
          />
        )}
        {packs.length > 0 && (
          <ul className={styles.list} data-testid="offline-packs">
            {packs.map((pack) => (
              <li key={pack.id} className={styles.item} data-testid="offline-pack" data-pack-id={pack.id}>
                <div>
                  <p className={styles.title}>
                    <Link to={pack.href}>{pack.title}</Link>
                  </p>
                  <p className={styles.meta}>
                    {KIND_LABELS[pack.kind]} · {documentsIn(pack)} {documentsIn(pack) === 1 ? 'document' : 'documents'}{' '}
                    · <span data-testid="offline-pack-size">{formatFileSize(pack.bytes)}</span>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="small"
                  disabled={removing === pack.id}
                  onClick={() => {
                    setRemoving(pack.id);
                    void removePack(pack.id).finally(() => setRemoving(null));
                  }}
                >
                  Remove<span className="ppl-visually-hidden"> {pack.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

export default OfflinePage;
