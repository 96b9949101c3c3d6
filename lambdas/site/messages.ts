/**
 * Texts of the public pages, Albanian first. Service names, the price guide's explanation and the product's own words
 * about itself (its slogan, tagline and first-platform statement) come from the catalogue areas the web app says them
 * with (common/i18n/catalog: one place for them); everything else the public pages say is here. `{name}`-style holes are filled by `format`.
 */
import { auth as authEn } from '../../common/i18n/catalog/en/auth';
import { common as commonEn } from '../../common/i18n/catalog/en/common';
import { priceGuide as priceGuideEn } from '../../common/i18n/catalog/en/priceGuide';
import { services as servicesEn } from '../../common/i18n/catalog/en/services';
import { auth as authSq } from '../../common/i18n/catalog/sq/auth';
import { common as commonSq } from '../../common/i18n/catalog/sq/common';
import { priceGuide as priceGuideSq } from '../../common/i18n/catalog/sq/priceGuide';
import { services as servicesSq } from '../../common/i18n/catalog/sq/services';
import type { Translation } from '../../common/i18n/catalog/types';
import { ideas as ideasEn } from '../../common/i18n/catalog/en/ideas';
import { ideas as ideasSq } from '../../common/i18n/catalog/sq/ideas';
import type { PublicLanguage } from '../../common/publicPages';

const en = {
  'site.tagline': 'Home and interior design in Albania',
  'site.skip': 'Skip to content',
  'site.login': 'Sign in',
  'site.join': 'Join as a business',
  'site.language': 'Shqip',
  'site.languageLabel': 'Lexo në shqip',
  'site.nav.account': 'Language and sign-in',
  'site.footer.about':
    '{brand} connects people who want to renovate their home with the local businesses that know how.',
  'site.footer.contact': 'Contact',
  'site.footer.services': 'Services',
  'site.footer.privacy': 'Privacy',
  'site.breadcrumb.home': 'Home',
  'site.breadcrumb.label': 'Breadcrumb',

  'landing.title': '{brand} · Interior designers, craftsmen and shops in Albania',
  'landing.description':
    'Find interior designers, furniture makers, flooring, painting and lighting businesses in Albania. {businesses} businesses in {towns} towns, {jobs} finished jobs with reviews.',
  'landing.lead':
    'Describe your project once and get offers from designers, craftsmen and shops near you. Compare their work, read real reviews and choose.',
  'landing.cta': 'Ask for offers',
  'landing.stats.businesses': 'businesses',
  'landing.stats.jobs': 'finished jobs',
  'landing.stats.towns': 'towns',
  'landing.services': 'Browse by service',
  'landing.servicesCount': '{count, plural, =0 {No business yet} one {# business} other {# businesses}}',
  'landing.servicesPrevious': 'Previous services',
  'landing.servicesNext': 'Next services',
  'landing.service.interior-design': 'Plans, materials and 3D views for a room or a whole home',
  'landing.service.decor': 'Curtains, textiles, wall art and the finishing touches',
  'landing.service.furniture': 'Kitchens, wardrobes and furniture made to measure',
  'landing.service.outdoor': 'Terraces, gardens, pergolas and balconies',
  'landing.service.dural': 'Drywall ceilings and partitions, with built-in lighting',
  'landing.service.flooring': 'Parquet, laminate and tiles, supplied and laid',
  'landing.service.painting': 'Walls, ceilings, facades and decorative finishes',
  'landing.service.lights': 'Lamps, LED strips and lighting plans',
  'landing.service.bathroom': 'Tiles, fittings and complete bathroom renovations',
  'landing.aboutTitle': 'About us',
  'landing.about1':
    '{brand} is a marketplace for home and interior work in Albania. Whoever wants to furnish, renovate or decorate a home describes the job once, with photos, a budget and the town, and receives priced offers from the businesses that do that work.',
  'landing.about2':
    'Interior designers, furniture makers and flooring, painting, lighting and bathroom businesses keep a profile with their portfolio, their finished jobs and their clients’ reviews, so you can compare them before you choose. Posting a request is free.',
  'landing.businessTitle': 'For businesses',
  'landing.business':
    'Find clients near you: answer the requests in the towns where you work, agree the details in the chat and build your name job by job.',
  'landing.towns': 'Popular in your town',
  'landing.featured': 'Top-rated businesses',
  'landing.howTitle': 'How it works',
  'landing.step1': 'Post your project with photos and a budget',
  'landing.step2': 'Receive offers from local businesses',
  'landing.step3': 'Chat, compare their work and choose',
  'landing.step4': 'Rate the finished job',

  'service.title': '{service} in Albania · {brand}',
  'service.heading': '{service} in Albania',
  'service.description':
    '{count} businesses for {service} in Albania, with ratings and reviews from real clients. Ask for offers on {brand}.',
  'serviceTown.title': '{service} in {town} · {brand}',
  'serviceTown.heading': '{service} in {town}',
  'serviceTown.description':
    '{count} businesses for {service} in {town}, with ratings and reviews from real clients. Ask for offers on {brand}.',
  'serviceTown.emptyDescription': 'No business offers {service} in {town} on {brand} yet.',
  'directory.count': '{count, plural, =0 {No business yet} one {# business} other {# businesses}}',
  'directory.empty': 'No business offers this service here yet.',
  'directory.emptyHint': 'Post your request anyway: businesses from nearby towns will see it.',
  'directory.towns': 'By town',
  'directory.otherServices': 'Other services',
  'directory.sponsored': 'Sponsored',
  'directory.sponsoredNote': 'Paid placement: these businesses pay to be shown here.',
  'directory.allTowns': 'All towns',

  'guide.heading': 'Prices for {service} in {town}',
  'guide.headingCountry': 'Prices for {service} in Albania',
  'guide.scope.town': 'In {town}',
  'guide.scope.country': 'Across Albania',
  'guide.median': 'Median price',
  'guide.middleHalf': 'Most accepted offers',
  'guide.middleHalfHint': 'the middle half',
  'guide.range': 'Lowest to highest',
  'guide.between': '{low} to {high}',
  'guide.basis': 'From {count, plural, one {# accepted offer} other {# accepted offers}} · updated {month}',
  'guide.empty': 'Not enough accepted offers yet',
  'guide.emptyBody':
    'A price range shows here once clients have accepted at least {offers} offers for {service} from at least {businesses} different businesses.',
  'guide.method': 'How these prices are worked out',
  'guide.towns': 'By town',
  'guide.townsCaption': 'Accepted offers for {service} by town, last {months} months',
  'guide.column.town': 'Town',
  'guide.column.count': 'Offers',
  'guide.column.median': 'Median',
  'guide.column.middleHalf': 'Middle half',
  'guide.townsEmpty': 'No town has enough accepted offers of its own yet: the figure above is for all of Albania.',
  'guide.cta': 'Ask for offers for your project',

  'business.title': '{name} · {services} in {town} | {brand}',
  'business.description': '{name}, {services} in {town}.',
  'business.ratingSuffix': ' ★ {rating}/5 ({count} reviews).',
  'business.verified': 'Verified business',
  'business.services': 'Services',
  'business.towns': 'Works in',
  'business.about': 'About',
  'business.portfolio': 'Portfolio',
  'business.portfolioAlt': 'Work by {name}, picture {n}',
  'business.logoAlt': 'Logo of {name}',
  'business.reviews': 'Reviews',
  'business.noReviews': 'No reviews yet.',
  'business.rating': '{rating} out of 5',
  'business.reviewCount': '{count, plural, one {# review} other {# reviews}}',
  'business.jobs': '{count, plural, one {# finished job} other {# finished jobs}}',
  'business.reply': 'Reply from {name}',
  'business.client': 'Client',
  'business.stars': '{rating} of 5 stars',
  'business.cta': 'Ask {name} for an offer',
  'business.ctaHint': 'Post your project for free; {name} and other businesses send their offers.',
  'business.share': 'Share',
  'business.shareWhatsApp': 'Share on WhatsApp',
  'business.copyLink': 'Copy link',
  'business.copied': 'Link copied',
  'business.memberSince': 'On {brand} since {date}',

  'notFound.title': 'Page not found · {brand}',
  'notFound.heading': 'This page does not exist',
  'notFound.body': 'The address may be mistyped, or the page was moved.',
  'gone.title': 'Page no longer available · {brand}',
  'gone.heading': 'This page is no longer available',
  'gone.body': 'The business turned its page off or it was removed.',
  'notFound.home': 'Go to the home page',
  'site.nav.ideas': 'Ideas',
  'site.footer.ideas': 'Ideas for your home',

  'ideas.title': '{heading} · {brand}',
  'ideas.heading': 'Ideas from real homes in Albania',
  'ideas.headingPage': '{heading}, page {n}',
  'ideas.lead':
    'Rooms that local businesses finished, by room, style and town, with what the work cost where its client agreed. Save the ones you like and ask for offers like them.',
  'ideas.description':
    '{heading}: pictures of rooms Albanian businesses finished, with their town and, where the client agreed, what the work cost. Save them and ask for offers like them on {brand}.',
  'ideas.room.kitchen': 'Kitchen ideas',
  'ideas.room.living-room': 'Living room ideas',
  'ideas.room.bedroom': 'Bedroom ideas',
  'ideas.room.bathroom': 'Bathroom ideas',
  'ideas.room.childrens-room': 'Children’s room ideas',
  'ideas.room.office': 'Office ideas',
  'ideas.room.shop-restaurant': 'Shop and restaurant ideas',
  'ideas.room.exterior': 'Exterior ideas',
  'ideas.room.other': 'More room ideas',
  'ideas.inTown': '{heading} in {town}',
  'ideas.style': 'Ideas in a {styleIn}',
  'ideas.service': '{service}: ideas from finished work',
  'ideas.crumb': 'Ideas',
  'ideas.filters': 'Find ideas',
  'ideas.filters.rooms': 'By room',
  'ideas.filters.styles': 'By style',
  'ideas.filters.towns': 'In a town',
  'ideas.filters.services': 'By service',
  'ideas.filters.all': 'All ideas',
  'ideas.empty': 'No ideas here yet.',
  'ideas.emptyHint':
    'Businesses add pictures of their work all the time. Look at all the ideas, or ask for offers for your project.',
  'ideas.more': 'More ideas',
  'ideas.first': 'Back to the newest',
  'ideas.band': 'Cost {band}',
  'ideas.tileBy': 'by {business}',
  'ideas.cta': 'Ask for offers for your project',
  'ideas.listName': '{heading}',
  'idea.title': '{caption} · {business} | {brand}',
  'idea.description':
    '{caption}, work by {business}.{band} See more of its work and ask for offers like this on {brand}.',
  'idea.bandSentence': ' It cost {band}.',
  'idea.ask': 'Ask for offers like this',
  'idea.askHint': '{business} is invited first; other businesses can offer too.',
  'idea.save': 'Save to my ideas',
  'idea.report': 'Report this picture',
  'idea.moreFrom': 'More from {business}',
  'idea.similar': 'Similar ideas',
  'idea.details': 'About this picture',
  'idea.room': 'Room',
  'idea.style': 'Style',
  'idea.town': 'Town',
  'idea.service': 'Service',
  'idea.from': 'From',
  'idea.fromJob': 'A finished job',
  'idea.fromPortfolio': 'Its portfolio',
  'idea.cost': 'What it cost',
  'idea.costNote': 'The range of the accepted offer, shown because its client agreed. Never the exact price.',
  'idea.seeBusiness': 'See {business}',
  'idea.madeBy': 'Made by',
  'board.title': '{name} · ideas saved on {brand}',
  'board.description': 'A board of ideas for the home, saved on {brand}: rooms Albanian businesses finished.',
  'board.lead': 'Ideas saved and shared by their owner.',
  'board.empty': 'Nothing is saved on this board yet.',
  'board.cta': 'Start your own board',
  'board.crumb': 'A shared board',
  'landing.ideas': 'Ideas from real homes',
  'landing.ideasLead': 'Rooms local businesses finished, with what they cost where the client agreed.',
  'landing.ideasAll': 'See all ideas',
} as const;

export type SiteMessageId = keyof typeof en;

const sq: Translation<typeof en> = {
  'site.tagline': 'Shtëpia dhe dizajni i interierit në Shqipëri',
  'site.skip': 'Kalo te përmbajtja',
  'site.login': 'Hyr',
  'site.join': 'Bashkohu si biznes',
  'site.language': 'English',
  'site.languageLabel': 'Read in English',
  'site.nav.account': 'Gjuha dhe hyrja',
  'site.footer.about': '{brand} lidh njerëzit që duan të rinovojnë shtëpinë me bizneset vendase që dinë ta bëjnë.',
  'site.footer.contact': 'Kontakt',
  'site.footer.services': 'Shërbimet',
  'site.footer.privacy': 'Privatësia',
  'site.breadcrumb.home': 'Kreu',
  'site.breadcrumb.label': 'Rruga e faqes',

  'landing.title': '{brand} · Dizajnerë interieri, mjeshtër dhe dyqane në Shqipëri',
  'landing.description':
    'Gjeni dizajnerë interieri, mobilieri me porosi, dysheme, lyerje dhe ndriçim në Shqipëri. {businesses} biznese në {towns} qytete, {jobs} punë të përfunduara me vlerësime.',
  'landing.lead':
    'Përshkruani projektin tuaj një herë dhe merrni oferta nga dizajnerë, mjeshtër dhe dyqane pranë jush. Krahasoni punët, lexoni vlerësime të vërteta dhe zgjidhni.',
  'landing.cta': 'Kërko oferta',
  'landing.stats.businesses': 'biznese',
  'landing.stats.jobs': 'punë të përfunduara',
  'landing.stats.towns': 'qytete',
  'landing.services': 'Shfletoni sipas shërbimit',
  'landing.servicesCount': '{count, plural, =0 {Asnjë biznes ende} one {# biznes} other {# biznese}}',
  'landing.servicesPrevious': 'Shërbimet e mëparshme',
  'landing.servicesNext': 'Shërbimet e tjera',
  'landing.service.interior-design': 'Projekte, materiale dhe pamje 3D për një dhomë ose gjithë shtëpinë',
  'landing.service.decor': 'Perde, tekstile, dekor për muret dhe detajet e fundit',
  'landing.service.furniture': 'Kuzhina, dollapë dhe mobilje me porosi',
  'landing.service.outdoor': 'Tarraca, kopshte, pergola dhe ballkone',
  'landing.service.dural': 'Tavane dhe ndarje me dural, me ndriçim të integruar',
  'landing.service.flooring': 'Parket, laminat dhe pllaka, me furnizim dhe shtrim',
  'landing.service.painting': 'Mure, tavane, fasada dhe patinime dekorative',
  'landing.service.lights': 'Llamba, shirita LED dhe projekte ndriçimi',
  'landing.service.bathroom': 'Pllaka, pajisje sanitare dhe rinovim i plotë i banjës',
  'landing.aboutTitle': 'Rreth nesh',
  'landing.about1':
    '{brand} është një treg për punët e shtëpisë dhe të interierit në Shqipëri. Kush do të mobilojë, rinovojë ose zbukurojë shtëpinë e përshkruan punën një herë, me foto, buxhet dhe qytet, dhe merr oferta me çmim nga bizneset që e bëjnë këtë punë.',
  'landing.about2':
    'Dizajnerë interieri, mjeshtër mobiliesh dhe biznese dyshemesh, lyerjesh, ndriçimi dhe banjash mbajnë një profil me punët e tyre, punët e përfunduara dhe vlerësimet e klientëve, që t’i krahasoni para se të zgjidhni. Publikimi i një kërkese është falas.',
  'landing.businessTitle': 'Për bizneset',
  'landing.business':
    'Gjeni klientë pranë jush: u përgjigjuni kërkesave në qytetet ku punoni, merreni vesh për detajet në bisedë dhe ndërtoni emrin tuaj punë pas pune.',
  'landing.towns': 'Të kërkuara në qytetin tuaj',
  'landing.featured': 'Bizneset më të vlerësuara',
  'landing.howTitle': 'Si funksionon',
  'landing.step1': 'Publikoni projektin me foto dhe buxhet',
  'landing.step2': 'Merrni oferta nga bizneset vendase',
  'landing.step3': 'Bisedoni, krahasoni punët dhe zgjidhni',
  'landing.step4': 'Vlerësoni punën e përfunduar',

  'service.title': '{service} në Shqipëri · {brand}',
  'service.heading': '{service} në Shqipëri',
  'service.description':
    '{count} biznese për {service} në Shqipëri, me vlerësime nga klientë të vërtetë. Kërkoni oferta në {brand}.',
  'serviceTown.title': '{service} në {town} · {brand}',
  'serviceTown.heading': '{service} në {town}',
  'serviceTown.description':
    '{count} biznese për {service} në {town}, me vlerësime nga klientë të vërtetë. Kërkoni oferta në {brand}.',
  'serviceTown.emptyDescription': 'Ende asnjë biznes nuk ofron {service} në {town} në {brand}.',
  'directory.count': '{count, plural, =0 {Asnjë biznes ende} one {# biznes} other {# biznese}}',
  'directory.empty': 'Ende asnjë biznes nuk e ofron këtë shërbim këtu.',
  'directory.emptyHint': 'Publikoni kërkesën gjithsesi: e shohin edhe bizneset e qyteteve pranë.',
  'directory.towns': 'Sipas qytetit',
  'directory.otherServices': 'Shërbime të tjera',
  'directory.sponsored': 'Sponsorizuar',
  'directory.sponsoredNote': 'Vendosje me pagesë: këto biznese paguajnë për t’u shfaqur këtu.',
  'directory.allTowns': 'Të gjitha qytetet',

  'guide.heading': 'Çmimet për {service} në {town}',
  'guide.headingCountry': 'Çmimet për {service} në Shqipëri',
  'guide.scope.town': 'Në {town}',
  'guide.scope.country': 'Në gjithë Shqipërinë',
  'guide.median': 'Çmimi mesatar (mediana)',
  'guide.middleHalf': 'Shumica e ofertave të pranuara',
  'guide.middleHalfHint': 'gjysma e mesit',
  'guide.range': 'Nga më i ulëti te më i larti',
  'guide.between': '{low} deri në {high}',
  'guide.basis': 'Nga {count, plural, one {# ofertë e pranuar} other {# oferta të pranuara}} · përditësuar {month}',
  'guide.empty': 'Ende nuk ka mjaft oferta të pranuara',
  'guide.emptyBody':
    'Një gamë çmimesh shfaqet këtu sapo klientët të kenë pranuar të paktën {offers} oferta për {service} nga të paktën {businesses} biznese të ndryshme.',
  'guide.method': 'Si llogariten këto çmime',
  'guide.towns': 'Sipas qytetit',
  'guide.townsCaption': 'Ofertat e pranuara për {service} sipas qytetit, {months} muajt e fundit',
  'guide.column.town': 'Qyteti',
  'guide.column.count': 'Oferta',
  'guide.column.median': 'Mediana',
  'guide.column.middleHalf': 'Gjysma e mesit',
  'guide.townsEmpty':
    'Ende asnjë qytet nuk ka mjaft oferta të pranuara më vete: shifra më sipër vlen për gjithë Shqipërinë.',
  'guide.cta': 'Kërko oferta për projektin tuaj',

  'business.title': '{name} · {services} në {town} | {brand}',
  'business.description': '{name}, {services} në {town}.',
  'business.ratingSuffix': ' ★ {rating}/5 ({count} vlerësime).',
  'business.verified': 'Biznes i verifikuar',
  'business.services': 'Shërbimet',
  'business.towns': 'Punon në',
  'business.about': 'Rreth nesh',
  'business.portfolio': 'Punët tona',
  'business.portfolioAlt': 'Punë nga {name}, foto {n}',
  'business.logoAlt': 'Logoja e {name}',
  'business.reviews': 'Vlerësimet',
  'business.noReviews': 'Ende pa vlerësime.',
  'business.rating': '{rating} nga 5',
  'business.reviewCount': '{count, plural, one {# vlerësim} other {# vlerësime}}',
  'business.jobs': '{count, plural, one {# punë e përfunduar} other {# punë të përfunduara}}',
  'business.reply': 'Përgjigje nga {name}',
  'business.client': 'Klient',
  'business.stars': '{rating} nga 5 yje',
  'business.cta': 'Kërko ofertë nga {name}',
  'business.ctaHint': 'Publikoni projektin falas; {name} dhe biznese të tjera ju dërgojnë oferta.',
  'business.share': 'Shpërndaje',
  'business.shareWhatsApp': 'Shpërndaje në WhatsApp',
  'business.copyLink': 'Kopjo lidhjen',
  'business.copied': 'Lidhja u kopjua',
  'business.memberSince': 'Në {brand} që nga {date}',

  'notFound.title': 'Faqja nuk u gjet · {brand}',
  'notFound.heading': 'Kjo faqe nuk ekziston',
  'notFound.body': 'Adresa mund të jetë shkruar gabim, ose faqja është zhvendosur.',
  'gone.title': 'Faqja nuk është më e disponueshme · {brand}',
  'gone.heading': 'Kjo faqe nuk është më e disponueshme',
  'gone.body': 'Biznesi e ka fikur faqen e tij ose ajo është hequr.',
  'notFound.home': 'Shko te faqja kryesore',
  'site.nav.ideas': 'Ide',
  'site.footer.ideas': 'Ide për shtëpinë',

  'ideas.title': '{heading} · {brand}',
  'ideas.heading': 'Ide nga shtëpi të vërteta në Shqipëri',
  'ideas.headingPage': '{heading}, faqja {n}',
  'ideas.lead':
    'Ambiente që bizneset vendase i përfunduan, sipas dhomës, stilit dhe qytetit, me sa kushtoi puna kur klienti e lejoi. Ruani ato që ju pëlqejnë dhe kërkoni oferta si ato.',
  'ideas.description':
    '{heading}: foto ambientesh që bizneset shqiptare i përfunduan, me qytetin dhe, kur klienti e lejoi, sa kushtoi puna. Ruajini dhe kërkoni oferta si ato në {brand}.',
  'ideas.room.kitchen': 'Ide për kuzhinën',
  'ideas.room.living-room': 'Ide për sallonin',
  'ideas.room.bedroom': 'Ide për dhomën e gjumit',
  'ideas.room.bathroom': 'Ide për banjën',
  'ideas.room.childrens-room': 'Ide për dhomën e fëmijëve',
  'ideas.room.office': 'Ide për zyrën',
  'ideas.room.shop-restaurant': 'Ide për dyqane dhe restorante',
  'ideas.room.exterior': 'Ide për ambientet e jashtme',
  'ideas.room.other': 'Ide për ambiente të tjera',
  'ideas.inTown': '{heading} në {town}',
  'ideas.style': 'Ide në {styleIn}',
  'ideas.service': '{service}: ide nga punë të përfunduara',
  'ideas.crumb': 'Ide',
  'ideas.filters': 'Gjeni ide',
  'ideas.filters.rooms': 'Sipas ambientit',
  'ideas.filters.styles': 'Sipas stilit',
  'ideas.filters.towns': 'Në një qytet',
  'ideas.filters.services': 'Sipas shërbimit',
  'ideas.filters.all': 'Të gjitha idetë',
  'ideas.empty': 'Ende nuk ka ide këtu.',
  'ideas.emptyHint':
    'Bizneset shtojnë vazhdimisht foto të punës së tyre. Shikoni të gjitha idetë, ose kërkoni oferta për projektin tuaj.',
  'ideas.more': 'Më shumë ide',
  'ideas.first': 'Kthehu te më të rejat',
  'ideas.band': 'Kushtoi {band}',
  'ideas.tileBy': 'nga {business}',
  'ideas.cta': 'Kërkoni oferta për projektin tuaj',
  'ideas.listName': '{heading}',
  'idea.title': '{caption} · {business} | {brand}',
  'idea.description':
    '{caption}, punë e {business}.{band} Shikoni më shumë nga puna e tij dhe kërkoni oferta si kjo në {brand}.',
  'idea.bandSentence': ' Kushtoi {band}.',
  'idea.ask': 'Kërko oferta si kjo',
  'idea.askHint': '{business} ftohet i pari; edhe bizneset e tjera mund të ofertojnë.',
  'idea.save': 'Ruaje te idetë e mia',
  'idea.report': 'Raporto këtë foto',
  'idea.moreFrom': 'Më shumë nga {business}',
  'idea.similar': 'Ide të ngjashme',
  'idea.details': 'Për këtë foto',
  'idea.room': 'Ambienti',
  'idea.style': 'Stili',
  'idea.town': 'Qyteti',
  'idea.service': 'Shërbimi',
  'idea.from': 'Nga',
  'idea.fromJob': 'Një punë e përfunduar',
  'idea.fromPortfolio': 'Portofoli i tij',
  'idea.cost': 'Sa kushtoi',
  'idea.costNote': 'Kufijtë e ofertës së pranuar, të shfaqur sepse klienti pranoi. Kurrë çmimi i saktë.',
  'idea.seeBusiness': 'Shiko {business}',
  'idea.madeBy': 'E bëri',
  'board.title': '{name} · ide të ruajtura në {brand}',
  'board.description':
    'Një tabelë me ide për shtëpinë, e ruajtur në {brand}: ambiente që bizneset shqiptare i përfunduan.',
  'board.lead': 'Ide të ruajtura dhe të ndara nga pronari i tabelës.',
  'board.empty': 'Ende asgjë e ruajtur në këtë tabelë.',
  'board.cta': 'Krijoni tabelën tuaj',
  'board.crumb': 'Një tabelë e ndarë',
  'landing.ideas': 'Ide nga shtëpi të vërteta',
  'landing.ideasLead': 'Ambiente që bizneset vendase i përfunduan, me sa kushtuan kur klienti e lejoi.',
  'landing.ideasAll': 'Shiko të gjitha idetë',
};

const CATALOGS: Record<PublicLanguage, Record<SiteMessageId, string>> = { en, sq };

/**
 * A text in a language with its holes filled: `{name}` by the value, and `{count, plural, =0 {…} one {…} other {…}}`
 * by the branch for the number (`#` is the number, written for the language).
 */
export function format(lang: PublicLanguage, id: SiteMessageId, values: Record<string, string | number> = {}): string {
  return fill(lang, CATALOGS[lang][id], values);
}

/** The web app's price guide texts (one place for them, e.g. how the figures are worked out), filled like `format`. */
export function guideText(
  lang: PublicLanguage,
  id: keyof typeof priceGuideEn,
  values: Record<string, string | number> = {},
): string {
  return fill(lang, (lang === 'sq' ? priceGuideSq : priceGuideEn)[id], values);
}

/** A text with its holes filled (`{name}`, and `{n, plural, ...}` by the branch for the number); also the operators' email's. */
export function fill(lang: PublicLanguage, text: string, values: Record<string, string | number>): string {
  const number = (n: number) => n.toLocaleString(lang === 'sq' ? 'sq-AL' : 'en-GB');
  return text
    .replace(/\{(\w+), plural, ((?:[=\w]+ \{[^}]*\} ?)+)\}/g, (_m, name: string, branches: string) => {
      const n = Number(values[name] ?? 0);
      const options = Object.fromEntries([...branches.matchAll(/([=\w]+) \{([^}]*)\}/g)].map((b) => [b[1], b[2]]));
      const chosen = options[`=${n}`] ?? (n === 1 ? options.one : undefined) ?? options.other ?? '';
      return chosen.replace(/#/g, number(n));
    })
    .replace(/\{(\w+)\}/g, (_m, name: string) => {
      const v = values[name];
      return v === undefined ? `{${name}}` : typeof v === 'number' ? number(v) : v;
    });
}

/** The product's own words about itself, from the shared catalogue areas (the app's footer and sign-in screen say them too). */
const APP_TEXTS = {
  en: { ...commonEn, ...authEn },
  sq: { ...commonSq, ...authSq },
};
export type AppTextId = 'common.brand.slogan' | 'common.brand.tagline' | 'auth.aside';

/** A text of the shared catalogue areas the public pages say too: the slogan, the tagline, the first-platform statement. */
export function appText(lang: PublicLanguage, id: AppTextId): string {
  return APP_TEXTS[lang][id];
}

/** A service's name in a language (the shared catalogue areas). */
export function serviceName(lang: PublicLanguage, id: string): string {
  const key = `services.category.${id}` as keyof typeof servicesEn;
  return (lang === 'sq' ? servicesSq : servicesEn)[key] ?? id;
}

/** A text of the web app's ideas area (rooms, styles, bands, captions: one place for them), filled like `format`. */
export function ideasText(
  lang: PublicLanguage,
  id: keyof typeof ideasEn,
  values: Record<string, string | number> = {},
): string {
  return fill(lang, (lang === 'sq' ? ideasSq : ideasEn)[id], values);
}
