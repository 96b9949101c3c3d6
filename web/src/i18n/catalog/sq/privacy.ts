import type { privacy as en } from '../en/privacy';
import type { Translation } from '../../../../../common/i18n/catalog/types';

export const privacy: Translation<typeof en> = {
  'privacy.menu': 'Privatësia',
  'privacy.title': 'Privatësia dhe të dhënat tuaja',
  'privacy.intro':
    'Të dhënat tuaja janë tuajat. Shkarkoni një kopje të gjithçkaje që mbajmë për ju, ose fshini llogarinë.',
  'privacy.pageLink': 'Privatësia',
  'privacy.readPage': 'Si i trajtojmë të dhënat tuaja, lexoni në faqen e privatësisë.',
  'privacy.signUpNotice': 'Mbajmë vetëm atë që i duhet tregut. Si i trajtojmë të dhënat tuaja:',

  'privacy.export.title': 'Shkarko të dhënat e mia',
  'privacy.export.what':
    'Një skedar ZIP me llogarinë, kërkesat ose ofertat, vlerësimet, bisedat, njoftimet, cilësimet, raportimet, pagesat dhe fotot tuaja, me një README që shpjegon çdo skedar. Kur të jetë gati ju dërgojmë me email një lidhje që vlen {hours} orë.',
  'privacy.export.ask': 'Shkarko të dhënat e mia',
  'privacy.export.asking': 'Duke kërkuar...',
  'privacy.export.preparing': 'Po përgatisim kopjen tuaj. Zgjat një ose dy minuta; do t’ju shkruajmë edhe me email.',
  'privacy.export.ready': 'Kopja juaj është gati ({size}).',
  'privacy.export.download': 'Shkarko ZIP-in',
  'privacy.export.until': 'Lidhja vlen deri më {date}. Pastaj skedari fshihet.',
  'privacy.export.failed': 'Kopja juaj nuk u bë dot. Kërkojeni përsëri.',
  'privacy.export.none': 'Nuk keni kërkuar ende një kopje.',
  'privacy.export.expired': 'Kopja juaj e fundit u fshi pas {hours} orësh.',
  'privacy.export.nextAt': 'Mund të kërkoni një kopje të re nga {date}.',
  'privacy.export.loadError': 'Gjendja e kopjes suaj nuk u ngarkua dot.',

  'privacy.delete.title': 'Fshi llogarinë time',
  'privacy.delete.what': 'Çfarë ndodh kur fshini llogarinë:',
  'privacy.delete.now': 'Menjëherë: dilni nga çdo pajisje dhe askush nuk e sheh më profilin tuaj.',
  'privacy.delete.client': 'Kërkesat tuaja të hapura mbyllen dhe ofertat për to refuzohen.',
  'privacy.delete.business':
    'Ofertat tuaja në pritje tërhiqen, reklamat ndalen, faqja publike dhe renditja në kërkim zhduken dhe plani kthehet në Bazë: nuk paguhet asgjë më.',
  'privacy.delete.after':
    'Pas {days} ditësh gjithçka fshihet përgjithmonë: profili, kërkesat, ofertat, mesazhet dhe fotot. Merrni një email me datën.',
  'privacy.delete.kept':
    'Ajo mbi të cilën mbështeten të tjerët mbetet pa emrin tuaj: vlerësimet që keni shkruar (si "ish-klient"), mesazhet që ju dërguan të tjerët dhe pagesat që kërkon ligji.',
  'privacy.delete.changeMind': 'Ndryshuat mendje? Hyni sërish brenda {days} ditëve dhe mbajeni llogarinë.',
  'privacy.delete.downloadFirst': 'Shkarkoni më parë të dhënat nëse doni të mbani një kopje.',
  'privacy.delete.password': 'Fjalëkalimi juaj',
  'privacy.delete.confirm': 'E lexova çfarë ndodh dhe dua ta fshij llogarinë',
  'privacy.delete.button': 'Fshi llogarinë time',
  'privacy.delete.deleting': 'Duke fshirë...',
  'privacy.delete.dialogTitle': 'Ta fshijmë llogarinë?',
  'privacy.delete.dialogText':
    'Do të dilni tani. Llogaria fshihet përgjithmonë më {date}, përveç nëse hyni sërish para kësaj date.',
  'privacy.delete.dialogConfirm': 'Po, fshije',
  'privacy.delete.dialogCancel': 'Jo, mbaje',
  'privacy.closing.title': 'Llogaria juaj është e mbyllur',
  'privacy.closing.date': 'Do të fshihet përgjithmonë më {date}.',
  'privacy.closing.explain':
    'Ju e fshitë. Deri në atë datë mund ta mbani: profili, kërkesat dhe bisedat kthehen. Ajo që mbylli fshirja mbetet e mbyllur (kërkesat e mbyllura mund të rihapen).',
  'privacy.closing.keep': 'Mbaje llogarinë',
  'privacy.closing.keeping': 'Duke e mbajtur...',
  'privacy.closing.signOut': 'Dil',
  'privacy.closing.loadError': 'Gjendja e llogarisë suaj nuk u ngarkua dot.',
};
