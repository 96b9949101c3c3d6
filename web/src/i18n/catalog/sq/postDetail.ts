import type { postDetail as en } from '../en/postDetail';
import type { Translation } from '../../../../../common/i18n/catalog/types';

export const postDetail: Translation<typeof en> = {
  'postDetail.imageAlt': 'Foto e kërkesës',
  'postDetail.showImage': 'Shfaq foton {number}',
  'postDetail.posted': 'Publikuar',
  'postDetail.client': 'Klienti',
  'postDetail.viewClient': 'Shiko profilin e klientit',
  'postDetail.myOfferLoadError': 'Oferta juaj për këtë kërkesë nuk u ngarkua.',
  'postDetail.myOffer': 'Oferta juaj:',
  'postDetail.closed': 'Kjo kërkesë nuk pranon më oferta.',
  'postDetail.hiddenBusiness':
    'Profili i biznesit tuaj është fshehur nga moderimi, prandaj nuk mund të bëjë oferta. Faqja e profilit tregon arsyen.',
  'postDetail.offerMade': 'Oferta u dërgua me sukses!',
  'postDetail.makeOffer': 'Bëni një ofertë',
  'postDetail.offer.price': 'Çmimi juaj ({currency})',
  'postDetail.offer.priceName': 'Çmimi',
  'postDetail.offer.message': 'Mesazhi',
  'postDetail.offer.noBusiness': 'Mungon llogaria e biznesit. Hyni përsëri.',
  'postDetail.offer.failed': 'Oferta nuk u dërgua: {reason}',
  'postDetail.offer.cancel': 'Anulo',
  'postDetail.offer.submit': 'Dërgo ofertën',
  'postDetail.offer.sending': 'Po dërgohet...',
  'postDetail.similar.title': 'Kërkesa të ngjashme që mund t’ju interesojnë',
  'postDetail.similar.loadError': 'Kërkesat e ngjashme nuk u ngarkuan.',
  'postDetail.similar.empty': 'Ende nuk ka kërkesa të ngjashme.',
  'postDetail.similar.more': 'Shiko më shumë',
};
