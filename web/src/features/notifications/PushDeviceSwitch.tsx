/**
 * Settings > Notifications: push on this device. The browser's permission is asked only after the click;
 * a browser that cannot receive push, or blocked Interio, is told so (NotificationSettings shows it only when the
 * stage has VAPID keys).
 */
import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { useT } from '../../i18n/useT';
import { pushDeviceId, pushSupport } from '../../pwa/push';
import { useTurnOffPush, useTurnOnPush } from './api/push-device';

export function PushDeviceSwitch({ publicKey }: { publicKey: string }) {
  const t = useT();
  const { sub } = useAuth();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const [on, setOn] = useState(() => Boolean(sub && pushDeviceId(sub)));
  const [denied, setDenied] = useState(() => pushSupport() === 'denied');
  if (!sub) return null;
  const support = pushSupport();
  const busy = turnOn.isPending || turnOff.isPending;

  const click = async () => {
    try {
      if (on) {
        await turnOff.mutateAsync(sub);
        setOn(false);
      } else if ((await turnOn.mutateAsync({ account: sub, publicKey })) === 'on') setOn(true);
      else setDenied(true);
    } catch {
      /* said below */
    }
  };

  return (
    <fieldset className="notification-settings-group push-device" data-testid="push-device">
      <legend>{t('pwa.push.legend')}</legend>
      {support === 'unsupported' ? (
        <p>{t('pwa.push.unsupported')}</p>
      ) : (
        <>
          <p role="status">{t(on ? 'pwa.push.on' : 'pwa.push.off')}</p>
          {denied && !on && (
            <p className="banner banner-warning" role="alert">
              {t('pwa.push.denied')}
            </p>
          )}
          {turnOn.isError && (
            <p className="banner banner-error" role="alert">
              {t('pwa.push.failed')}
            </p>
          )}
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void click()}>
            {t(on ? 'pwa.push.turnOff' : 'pwa.push.turnOn')}
          </button>
        </>
      )}
    </fieldset>
  );
}
