import type { landing as en } from '../en/landing';
import type { Translation } from '../types';

export const landing: Translation<typeof en> = {
  'landing.login': 'Hyr',
  'landing.dashboard': 'Shko te paneli',
  'landing.dashboardShort': 'Paneli',
  'landing.eyebrow': 'Tregu i dizajnit të interierit · Shqipëri',
  'landing.hero.body':
    'Përshkruani projektin tuaj një herë dhe merrni oferta nga dizajnerë, mjeshtër dhe dyqane pranë jush.',
  'landing.getStarted': 'Fillo tani',
  'landing.learnMore': 'Mëso më shumë',
  'landing.about.eyebrow': 'Rreth nesh',
  'landing.about.title': 'Platforma e parë online kushtuar dizajnit të interierit në Shqipëri',
  'landing.about.body':
    '{brand} lidh njerëzit që duan të rinovojnë shtëpinë me bizneset që dinë ta bëjnë. Klientët shkruajnë çfarë u duhet — një dysheme e re në kuzhinë në Durrës, një sallon i rikonceptuar në Tiranë — me foto, buxhet dhe qytet. Bizneset vendase shfletojnë kërkesat, dërgojnë oferta me çmim dhe tregojnë punët e tyre. Ju krahasoni, bisedoni, zgjidhni dhe vlerësoni punën e përfunduar.',
  'landing.step1': 'Publikoni projektin me foto dhe buxhet',
  'landing.step2': 'Merrni oferta nga bizneset vendase',
  'landing.step3': 'Bisedoni, krahasoni punët dhe zgjidhni',
  'landing.step4': 'Vlerësoni punën e përfunduar',
  'landing.services.eyebrow': 'Shërbimet',
  'landing.services.title': 'Gjithçka që i duhet shtëpisë suaj',
  'landing.services.label': 'Shërbimet',
  'landing.services.previous': 'Shërbimet e mëparshme',
  'landing.services.next': 'Shërbimet e tjera',
  'landing.service.interior-design': 'Koncepte për gjithë dhomën, plane dhe ide nga dizajnerë vendas.',
  'landing.service.decor': 'Tekstile, bimë, art dhe detajet e fundit që e bëjnë shtëpinë tuajën.',
  'landing.service.furniture': 'Mobilie me porosi dhe të gatshme, të punuara dhe të sjella në shtëpi.',
  'landing.service.outdoor': 'Ballkone, tarraca dhe kopshte të menduara për verën shqiptare.',
  'landing.service.dural': 'Ndarje me rigips, tavane të varura dhe kamare, të përfunduara me kujdes.',
  'landing.service.flooring': 'Parket, laminat, pllaka dhe gur, të shtruara nga mjeshtër me përvojë.',
  'landing.service.painting': 'Lyerje brenda dhe jashtë, suva dekorative dhe këshilla për ngjyrat.',
  'landing.service.lights': 'Plane ndriçimi, ndriçues dhe montim për çdo dhomë.',
  'landing.service.bathroom': 'Rinovim banjoje, nga hidraulika te pllakat dhe pajisjet.',
};
