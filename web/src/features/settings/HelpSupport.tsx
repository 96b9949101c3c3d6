/**
 * Help and support: FAQ accordion and a contact form (POST /contactForm), thank-you shown for 1 s. The answer about
 * cancelling or stopping a Sponsored run is the refund rule itself (`ads.stop.rule`: the words the API answers and
 * the run's confirmation shows).
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { contactBody } from '../../../../common/schemas/contact';
import { AD_RUN_DAYS } from '../../../../common/adRuns';
import { Banner, useTimedMessage } from '../../components/feedback';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver } from '../../lib/forms';
import { useSendContactForm } from './api/send-contact-form';

const FAQ = ['editPost', 'chooseBusiness', 'workDone', 'cancelOffer', 'moreClients', 'stopRun'] as const;
type Question = (typeof FAQ)[number];
const question = (id: Question): MessageId => `settings.help.faq.${id}.q`;

const LABELS = { message: 'settings.help.message' } as const;

export function HelpSupport() {
  const t = useT();
  const errorText = useErrorText();
  usePageTitle('settings.help.title');
  const resolver = useSchemaResolver(contactBody, LABELS);
  const form = useForm<z.input<typeof contactBody>, unknown, z.output<typeof contactBody>>({
    resolver,
    defaultValues: { message: '' },
  });
  const applyApiErrors = useApiFieldErrors(LABELS);
  const [error, setError] = useState<string | null>(null);
  const [thanks, showThanks] = useTimedMessage(1000);
  const contact = useSendContactForm();
  const sending = contact.isPending;
  const message = useWatch({ control: form.control, name: 'message' });
  const messageError = form.formState.errors.message?.message;

  const send = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await contact.mutateAsync(values.message);
      form.reset();
      showThanks(t('settings.help.thanks'));
    } catch (err) {
      if (!applyApiErrors(err, form.setError, ['message'])) setError(errorText(err));
    }
  });

  return (
    <div className="st-panel">
      <h2>{t('settings.help.title')}</h2>
      <section aria-label={t('settings.help.faqTitle')} className="st-faq">
        <h3>{t('settings.help.faqTitle')}</h3>
        {FAQ.map((id) => (
          <details key={id} className="st-faq-item">
            <summary>{t(question(id))}</summary>
            <p>{id === 'stopRun' ? t('ads.stop.rule', { days: AD_RUN_DAYS }) : t(`settings.help.faq.${id}.a`)}</p>
          </details>
        ))}
      </section>
      <section aria-label={t('settings.help.contact')} className="st-contact">
        <h3>{t('settings.help.contact')}</h3>
        <Banner text={thanks} testId="contact-thanks" />
        <Banner text={error} kind="error" testId="contact-error" />
        <form onSubmit={send} className="st-form" noValidate>
          <div className="field">
            <label htmlFor="contact-message">{t(LABELS.message)}</label>
            <textarea
              id="contact-message"
              className="textarea"
              required
              rows={5}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? 'contact-message-error' : undefined}
              {...form.register('message')}
              data-testid="contact-message"
            />
            <FieldError id="contact-message-error" message={messageError} testId="contact-message-error" />
          </div>
          <div className="form-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={sending || !message?.trim()}
              data-testid="contact-send"
            >
              {sending ? t('settings.help.sending') : t('settings.help.send')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
