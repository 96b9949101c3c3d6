/** Help and support: FAQ accordion and a contact form (POST /contactForm), thank-you shown for 1 s. */
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { contactBody } from '../../../../common/schemas/contact';
import { Banner, useTimedMessage } from '../../components/feedback';
import { errorMessage } from '../../lib/format';
import { useApiFieldErrors, FieldError } from '../../lib/forms';
import { useSendContactForm } from './api/send-contact-form';

const FAQ: { q: string; a: string }[] = [
  {
    q: 'Can I edit a post after publishing it?',
    a: 'No. Posts cannot be edited, only deleted. If something changed, delete the post and create a new one.',
  },
  {
    q: 'How do I choose a business?',
    a: 'Open your post to see the offers from businesses. You can message a business, then accept the offer you like; the other offers are put on hold.',
  },
  {
    q: 'What happens when the work is done?',
    a: 'Press Finish on the accepted offer and leave a star rating and a short review. It appears on the business profile under Previous Work.',
  },
  {
    q: 'Can I cancel an accepted offer?',
    a: 'Yes, as long as the job is not finished: press Cancel on the accepted offer and your post opens for offers again.',
  },
  {
    q: 'How do businesses get more clients?',
    a: 'Businesses can fill in their portfolio, create sponsored ads and choose a subscription plan from their profile.',
  },
];

export function HelpSupport() {
  const form = useForm<z.input<typeof contactBody>, unknown, z.output<typeof contactBody>>({
    resolver: zodResolver(contactBody),
    defaultValues: { message: '' },
  });
  const applyApiErrors = useApiFieldErrors({});
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
      showThanks('Thank you! Your message has been sent.');
    } catch (err) {
      if (!applyApiErrors(err, form.setError, ['message'])) {
        setError(errorMessage(err, 'Your message could not be sent. Please try again.'));
      }
    }
  });

  return (
    <div className="st-panel">
      <h2>Help &amp; Support</h2>
      <section aria-label="Frequently asked questions" className="st-faq">
        <h3>Frequently asked questions</h3>
        {FAQ.map((item) => (
          <details key={item.q} className="st-faq-item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
      <section aria-label="Contact us" className="st-contact">
        <h3>Contact us</h3>
        <Banner text={thanks} testId="contact-thanks" />
        <Banner text={error} kind="error" testId="contact-error" />
        <form onSubmit={send} className="st-form">
          <div className="field">
            <label htmlFor="contact-message">Message</label>
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
              {sending ? 'Sending...' : 'Send'}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
