import type { ads as en } from '../en/ads';
import type { Translation } from '../types';

export const ads: Translation<typeof en> = {
  'ads.sponsored.title': 'Të sponsorizuara',
  'ads.sponsored.loadError': 'Reklamat nuk u ngarkuan. Kontrolloni lidhjen dhe provoni përsëri.',
  'ads.strip.more': 'Shiko më shumë',
  'ads.strip.loadError': 'Reklamat nuk u ngarkuan.',
  'ads.strip.label': 'Reklama të sponsorizuara',
  'ads.empty': 'Nuk ka reklama',
  'ads.unknownBusiness': 'Biznes i panjohur',
  'ads.card.label': 'E sponsorizuar: {name}',
  'ads.create.title': 'Krijo një reklamë',
  'ads.create.back': 'Kthehu te profili',
  'ads.create.imageTitle': 'Fotoja e reklamës',
  'ads.create.imageHelp':
    'Reklama juaj shfaqet te rripi «Të sponsorizuara» në panelet kryesore dhe, kur klikohet, hap profilin tuaj.',
  'ads.create.preview': 'Pamje paraprake e reklamës',
  'ads.create.choose': 'Zgjidhni një foto',
  'ads.create.formats': 'JPG, PNG ose WebP, deri në {mb} MB',
  'ads.create.payment': 'Pagesa',
  'ads.create.item': 'Reklamë e sponsorizuar',
  'ads.create.recorded': 'Një pagesë e vetme, e regjistruar te transaksionet tuaja.',
  'ads.create.working': 'Duke u krijuar...',
  'ads.create.submit': 'Paguaj {price} dhe krijo reklamën',
  'ads.create.error.type': 'Zgjidhni një foto JPG, PNG ose WebP',
  'ads.create.error.size': 'Fotoja mund të jetë deri në 5 MB',
  'ads.create.error.noImage': 'Zgjidhni një foto',
  'ads.create.error.signedOut': 'Përdoruesi nuk është identifikuar',
  'ads.create.error.upload': 'Ngarkimi i fotos dështoi',
};
