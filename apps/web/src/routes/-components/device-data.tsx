import { useEffect, useState } from 'react';
import {
  anyWaitingReadings,
  forgetAllWaitingReadings,
} from '../../features/readings/outbox/waiting-readings';
import { anyKeptQueries, forgetKept } from '../../lib/offline/kept-queries';

const anythingKept = () =>
  Promise.all([anyKeptQueries(), anyWaitingReadings()]).then(
    ([reads, readings]) => reads || readings,
  );

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
    await Promise.all([forgetKept(), forgetAllWaitingReadings()]).catch(() => undefined);
    setKept(false);
    setDeleted(true);
  };
  return (
    <div className="device-data">
      {kept && (
        <button type="button" className="button button-secondary" onClick={() => void onDelete()}>
          Auf diesem Gerät gespeicherte Daten löschen
        </button>
      )}
      <p role="status" className="device-data-status">
        {deleted ? 'Die auf diesem Gerät gespeicherten Daten wurden gelöscht.' : ''}
      </p>
    </div>
  );
}
