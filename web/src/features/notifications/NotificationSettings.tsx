/**
 * Settings > Notifications: email and push on/off for each kind the account can receive, and (businesses) how
 * new matching requests arrive: each at once, one digest a day, or not at all. Checked with the shared
 * request schema and saved with PUT /notifications/preferences.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LEAD_ALERT_MODES, type NotificationKind, Role } from '../../../../common/constants';
import { preferencesBody } from '../../../../common/schemas/notifications';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useSchemaResolver } from '../../lib/forms';
import { useNotificationPreferences, useUpdateNotificationPreferences } from './api/notification-preferences';
import { PushDeviceSwitch } from './PushDeviceSwitch';
import { usePushKey } from './api/push-device';

type Values = z.input<typeof preferencesBody>;

/** The kinds each role can receive (common/notifications.ts names each kind's recipient). */
const KINDS_BY_ROLE: Record<Role, readonly NotificationKind[]> = {
  client: ['newOffer', 'negotiationAnswer', 'chatUnread'],
  business: [
    'ideaRequest',
    'newLead',
    'counterOffer',
    'leadDigest',
    'offerAccepted',
    'offerDeclined',
    'acceptanceCancelled',
    'reviewReceived',
    'requestDeleted',
    'requestClosed',
    'paymentReceipt',
    'paymentFailed',
    'paymentRefunded',
    'paymentChargedBack',
    'paymentRestored',
    'adRunEnded',
    'planStarted',
    'planPaymentFailed',
    'planCancelled',
    'planDowngraded',
    'monthlyReport',
    'verificationDecided',
    'chatUnread',
  ],
};

const LABELS = {
  emails: 'notifications.settings.emails',
  push: 'notifications.settings.push',
  leadAlerts: 'notifications.settings.leadAlerts',
} as const satisfies Record<keyof Values, MessageId>;

const kindLabel = (kind: NotificationKind): MessageId => `notifications.settings.kind.${kind}`;
const modeLabel = (mode: (typeof LEAD_ALERT_MODES)[number]): MessageId => `notifications.settings.mode.${mode}`;

export function NotificationSettings({ role }: { role: Role }) {
  const t = useT();
  usePageTitle('notifications.settings.title');
  const query = useNotificationPreferences();
  // The push switch draws with the form (no shift when it arrives); a stage without push keys has none.
  const key = usePushKey();

  if (query.isPending || key.isPending) return <PageLoading label={t('notifications.loading')} />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <PreferencesForm role={role} saved={query.data} pushKey={key.data?.publicKey ?? null} />;
}

/** The form, first drawn with the saved preferences already in place (no unchecked flash before they apply). */
function PreferencesForm({ role, saved: savedValues, pushKey }: { role: Role; saved: Values; pushKey: string | null }) {
  const t = useT();
  const errorText = useErrorText();
  const save = useUpdateNotificationPreferences();
  const resolver = useSchemaResolver(preferencesBody, LABELS);
  const form = useForm<Values, unknown, z.output<typeof preferencesBody>>({ resolver, defaultValues: savedValues });
  const [saved, setSaved] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      await save.mutateAsync(role === 'business' ? values : { emails: values.emails, push: values.push });
      setSaved(true);
    } catch {
      /* the mutation's error is shown above the form */
    }
  });

  return (
    <div className="st-panel">
      <h2>{t('notifications.settings.title')}</h2>
      {saved && (
        <div className="banner banner-success" role="status" data-testid="notification-settings-saved">
          {t('notifications.settings.saved')}
        </div>
      )}
      {save.isError && (
        <div className="banner banner-error" role="alert" data-testid="notification-settings-error">
          {errorText(save.error)}
        </div>
      )}
      {pushKey && <PushDeviceSwitch publicKey={pushKey} />}
      <form onSubmit={(e) => void onSubmit(e)} className="st-form" aria-label={t('notifications.settings.title')}>
        <fieldset className="notification-settings-group">
          <legend>{t(LABELS.emails)}</legend>
          {KINDS_BY_ROLE[role].map((kind) => (
            <label key={kind} className="notification-settings-option">
              <input type="checkbox" {...form.register(`emails.${kind}`)} />
              {t(kindLabel(kind))}
            </label>
          ))}
        </fieldset>
        <fieldset className="notification-settings-group">
          <legend>{t(LABELS.push)}</legend>
          {KINDS_BY_ROLE[role].map((kind) => (
            <label key={kind} className="notification-settings-option">
              <input type="checkbox" {...form.register(`push.${kind}`)} />
              {t(kindLabel(kind))}
            </label>
          ))}
        </fieldset>
        {role === 'business' && (
          <fieldset className="notification-settings-group">
            <legend>{t(LABELS.leadAlerts)}</legend>
            {LEAD_ALERT_MODES.map((mode) => (
              <label key={mode} className="notification-settings-option">
                <input type="radio" value={mode} {...form.register('leadAlerts')} />
                {t(modeLabel(mode))}
              </label>
            ))}
          </fieldset>
        )}
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
          {t('notifications.settings.save')}
        </button>
      </form>
    </div>
  );
}
