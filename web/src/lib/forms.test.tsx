/**
 * A form handed a loader of its shared schema (useSchemaResolver's SchemaSource) fetches nothing until the visitor
 * acts, takes input before the schema arrives, checks with it once it has, and fetches it once however often it
 * checks.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import type { contactBody } from '../../../common/schemas/contact';
import { renderInLanguage } from '../testing/render';
import { FieldError, useSchemaResolver, type FieldLabels } from './forms';

type Contact = typeof contactBody;
const LABELS: FieldLabels = { message: 'settings.help.message' };

function ContactForm({ load, onSent }: { load: () => Promise<Contact>; onSent: (message: string) => void }) {
  const resolver = useSchemaResolver(load, LABELS);
  const form = useForm<z.input<Contact>, unknown, z.output<Contact>>({ resolver, defaultValues: { message: '' } });
  const error = form.formState.errors.message?.message;
  return (
    <form onSubmit={form.handleSubmit(({ message }) => onSent(message))} noValidate>
      <textarea aria-label="message" {...form.register('message')} />
      <FieldError id="message-error" message={error} testId="message-error" />
      <button type="submit">Send</button>
    </form>
  );
}

/** A loader that hands the real shared schema over only when the test says so, counting its calls. */
function heldLoader() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const loader = {
    calls: 0,
    release,
    load: async () => {
      loader.calls += 1;
      await gate;
      return (await import('../../../common/schemas/contact')).contactBody;
    },
  };
  return loader;
}

describe('a form whose schema is loaded apart', () => {
  it('takes input before the schema arrives, then refuses and accepts with it', async () => {
    const loader = heldLoader();
    const sent: string[] = [];
    renderInLanguage(<ContactForm load={loader.load} onSent={(m) => sent.push(m)} />);
    const box = screen.getByRole('textbox', { name: 'message' });
    // A visitor who only looks downloads no schema.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loader.calls).toBe(0);
    await userEvent.type(box, '   ');
    expect(loader.calls).toBe(1);
    expect((box as HTMLTextAreaElement).value).toBe('   ');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByTestId('message-error')).toBeNull();
    loader.release();
    expect((await screen.findByTestId('message-error')).textContent).toMatch(/Message/);
    expect(sent).toEqual([]);

    await userEvent.type(box, 'Where do I see my offers?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.poll(() => sent).toEqual(['Where do I see my offers?']);
    // The fetch at the first input and the checks share one load.
    expect(loader.calls).toBe(1);
  });
});
