/**
 * How the app says an idea: its caption ("Kitchen in a modern style, Tirana"), a room's and a style's name, and a
 * price band written in the stage's currency ("€1,000 to €2,500"): the same words as the public pages (ideas area).
 */
import { useMemo } from 'react';
import type { IdeaRoom, IdeaStyle } from '../../../../common/ideas';
import type { Idea, PriceBandAnswer } from '../../../../common/types';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';

export function useIdeaTexts() {
  const t = useT();
  const { money } = useFormat();
  return useMemo(() => {
    const roomName = (room: IdeaRoom) => t(`ideas.room.${room}`);
    const styleName = (style: IdeaStyle) => t(`ideas.style.${style}`);
    return {
      roomName,
      styleName,
      caption: (idea: Pick<Idea, 'room' | 'style' | 'town'>) =>
        idea.style
          ? t('ideas.captionStyled', {
              room: roomName(idea.room),
              styleIn: t(`ideas.styleIn.${idea.style}`),
              town: idea.town,
            })
          : t('ideas.caption', { room: roomName(idea.room), town: idea.town }),
      band: (band: PriceBandAnswer) =>
        band.min === undefined
          ? t('ideas.band.under', { high: money(band.max, 0, band.currency) })
          : band.max === undefined
            ? t('ideas.band.over', { low: money(band.min, 0, band.currency) })
            : t('ideas.band.between', {
                low: money(band.min, 0, band.currency),
                high: money(band.max, 0, band.currency),
              }),
    };
  }, [t, money]);
}
