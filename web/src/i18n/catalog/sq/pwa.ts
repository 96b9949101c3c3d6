import type { pwa as en } from '../en/pwa';
import type { Translation } from '../../../../../common/i18n/catalog/types';

export const pwa: Translation<typeof en> = {
  'pwa.offline': 'Jeni pa internet: po shihni atë që patë në orën {time}.',
  'pwa.update.ready': 'Një version i ri i Interio është gati.',
  'pwa.update.reload': 'Rifresko',
  'pwa.install.text':
    'Shtojeni Interio në ekranin kryesor: hapet si aplikacion dhe ju njofton menjëherë për ofertat e reja.',
  'pwa.install.button': 'Instaloje',
  'pwa.install.iosLink': 'Si ta shtoni në iPhone',
  'pwa.install.dismiss': 'Jo tani',
  'pwa.push.legend': 'Njoftime push në këtë pajisje',
  'pwa.push.on': 'Njoftimet push janë aktive në këtë pajisje.',
  'pwa.push.off': 'Merrni një njoftim në këtë pajisje sapo të vijë një ofertë ose një mesazh.',
  'pwa.push.turnOn': 'Aktivizo njoftimet push në këtë pajisje',
  'pwa.push.turnOff': 'Çaktivizo njoftimet push në këtë pajisje',
  'pwa.push.denied':
    'Ky shfletues i bllokon njoftimet nga Interio. Lejojini te cilësimet e faqes në shfletues, pastaj provoni përsëri.',
  'pwa.push.unsupported':
    'Ky shfletues nuk mund të marrë njoftime push. Në iPhone, shtojeni fillimisht Interio në ekranin kryesor (iOS 16.4 ose më i ri).',
  'pwa.push.failed': 'Njoftimet push nuk u aktivizuan. Provoni përsëri.',
  'pwa.ios.title': 'Shtojeni Interio në ekranin kryesor të iPhone-it',
  'pwa.ios.intro': 'Në iPhone dhe iPad, Interio instalohet nga Safari (iOS 16.4 ose më i ri për njoftimet):',
  'pwa.ios.step1': 'Hapeni Interio në Safari.',
  'pwa.ios.step2': 'Prekni butonin Ndaj (katrori me shigjetë lart).',
  'pwa.ios.step3': 'Zgjidhni „Shto në ekranin kryesor”, pastaj „Shto”.',
  'pwa.ios.step4':
    'Hapeni Interio nga ikona e re, hyni në llogari dhe aktivizoni njoftimet push te Cilësimet > Njoftimet për të mësuar menjëherë për ofertat.',
  'pwa.ios.back': 'Kthehu te Interio',
};
