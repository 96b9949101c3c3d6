/**
 * What the ideas' pages say of an idea and of a gallery, in either language: a room's and a style's name, an idea's
 * caption, a price band written with the stage's currency, a gallery's heading. Rooms, styles and bands are the web
 * app's words (its ideas area), so the app and the pages say the same.
 */
import type { IdeaRoom, IdeaStyle, PriceBand } from '../../common/ideas';
import type { Currency } from '../../common/languages';
import { formatMoney } from '../../common/money';
import type { IdeasPage, PublicLanguage } from '../../common/publicPages';
import { format, ideasText, serviceName } from './messages';

export const roomName = (lang: PublicLanguage, room: IdeaRoom) => ideasText(lang, `ideas.room.${room}`);
export const styleName = (lang: PublicLanguage, style: IdeaStyle) => ideasText(lang, `ideas.style.${style}`);

/** "Kitchen in a modern style, Tirana" / "Kuzhinë në stil modern, Tirana". */
export function ideaCaption(lang: PublicLanguage, idea: { room: IdeaRoom; style?: IdeaStyle; town: string }): string {
  const room = roomName(lang, idea.room);
  return idea.style
    ? ideasText(lang, 'ideas.captionStyled', {
        room,
        styleIn: ideasText(lang, `ideas.styleIn.${idea.style}`),
        town: idea.town,
      })
    : ideasText(lang, 'ideas.caption', { room, town: idea.town });
}

/** A band as people read it: "€1,000 to €2,500", "Under €500", "€50,000 or more". */
export function bandText(lang: PublicLanguage, band: PriceBand, currency: Currency): string {
  const money = (n: number) => formatMoney(lang, currency, n);
  if (band.min === undefined) return ideasText(lang, 'ideas.band.under', { high: money(band.max!) });
  if (band.max === undefined) return ideasText(lang, 'ideas.band.over', { low: money(band.min) });
  return ideasText(lang, 'ideas.band.between', { low: money(band.min), high: money(band.max) });
}

/** A gallery's heading: all ideas, a room (in a town), a style, a service. */
export function galleryHeading(lang: PublicLanguage, page: IdeasPage): string {
  if (page.room) {
    const heading = format(lang, `ideas.room.${page.room}`);
    return page.town ? format(lang, 'ideas.inTown', { heading, town: page.town }) : heading;
  }
  if (page.style) return format(lang, 'ideas.style', { styleIn: ideasText(lang, `ideas.styleIn.${page.style}`) });
  if (page.service) return format(lang, 'ideas.service', { service: serviceName(lang, page.service) });
  return format(lang, 'ideas.heading');
}
