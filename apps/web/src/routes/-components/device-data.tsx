import { useEffect, useState } from 'react';

// Loaded after the page shows: the login page is in every start's bundle, IndexedDB is not.
const deviceStores = () =>
  Promise.all([
    import('../../lib/offline/kept-queries'),
    import('../../features/readings/outbox/waiting-readings'),
  ]);

const anythingKept = () =>
  deviceStores()
    .then(([reads, readings]) =>
      Promise.all([reads.anyKeptQueries(), readings.anyWaitingReadings()]),
    )
    .then(([reads, readings]) => reads || readings);

/** A shared device: what the portal keeps in this browser can be deleted from the login page. */
export function DeleteDeviceData() {
  const [kept, setKept] = useState(false);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    let live = true;
    anythingKept().then(
      (any) => live && setKept(any),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const onDelete = async () => {
    await deviceStores()
      .then(([reads, readings]) =>
        Promise.all([reads.forgetKept(), readings.forgetAllWaitingReadings()]),
      )
      .catch(() => undefined);
    setKept(false);
    setDeleted(true);
  };
  return (
    <div className="device-data">
      {kept && (
        <>
          <p id="geraetedaten-hinweis" className="field-hint">
            Auf diesem Gerät sind Daten aus dem Kundenportal gespeichert, etwa Ihre Verträge für den
            Start ohne Verbindung oder Zählerstände, die noch gesendet werden. Nutzen auch andere
            dieses Gerät, löschen Sie sie hier.
          </p>
          <button
            type="button"
            className="button button-secondary"
            aria-describedby="geraetedaten-hinweis"
            onClick={() => void onDelete()}
          >
            Auf diesem Gerät gespeicherte Daten löschen
          </button>
        </>
      )}
      {/* A live region of its own, not a second status beside the login page's message. */}
      <p aria-live="polite" className="device-data-status">
        {deleted ? 'Die auf diesem Gerät gespeicherten Daten wurden gelöscht.' : ''}
      </p>
    </div>
  );
}
