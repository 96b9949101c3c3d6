/** Each language's catalogue, loaded when it is first needed (only the chosen one is downloaded). */
import type { Language } from '../../../common/languages';
import type { MessageId } from './catalog/en';

export type Messages = Readonly<Record<MessageId, string>>;

const loaders: Record<Language, () => Promise<Messages>> = {
  sq: () => import('./catalog/sq').then((m) => m.sq),
  en: () => import('./catalog/en').then((m) => m.en),
};

const loaded = new Map<Language, Promise<Messages>>();

export function loadMessages(language: Language): Promise<Messages> {
  let messages = loaded.get(language);
  if (!messages) {
    messages = loaders[language]();
    messages.catch(() => loaded.delete(language)); // a failed download is tried again next time
    loaded.set(language, messages);
  }
  return messages;
}
