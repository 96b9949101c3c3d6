/**
 * The demo data `npm start` seeds on a first run, written as people in Tirana, Durrës or Shkodër would
 * write it (Albanian is the product's first language): a demo client and four businesses with their
 * "about" texts, the client's requests, the businesses' offers, and four finished jobs with a review (and replies).
 * Towns keep the names of the product's town list (common/constants.ts TOWNS); services are named by
 * the product's service names. In common/ because the API reference's examples (common/openapi/examples.ts), which
 * the cloud deployment publishes too, are taken from it: the seed (bin/local/seed.ts) and the tests read it here.
 */
import type { OfferIncluded, SERVICE_NAMES, Town } from './constants';
import type { IdeaRoom, IdeaStyle } from './ideas';

type ServiceName = (typeof SERVICE_NAMES)[number];

export interface DemoBusiness {
  email: string;
  password: string;
  businessName: string;
  location: Town;
  categories: ServiceName[];
  /** The profile's "About" text. */
  description: string;
  /** Towns it works in besides its own (its public page is listed under each). */
  serviceTowns: Town[];
  /** Portfolio pictures the seed uploads (drawn rooms), processed like any upload. */
  portfolioPictures: number;
}

export interface DemoPost {
  title: string;
  location: Town;
  budget: number;
  categories: ServiceName[];
  content: string;
}

export interface DemoOffer {
  /** Index into DEMO_POSTS (open requests) or FINISHED_JOBS' posts. */
  business: number;
  price: number;
  message: string;
  /** What the offer says beyond its price (line items, start, duration, what is included); the start is counted in days from the day of the seed. */
  terms?: {
    items?: { label: string; amount: number }[];
    startInDays?: number;
    durationDays?: number;
    included?: OfferIncluded[];
    includedNote?: string;
  };
}

export const DEMO_CLIENT = { email: 'client@demo.al', password: 'Client#2026', name: 'Elira Hoxha' };

/** The demo moderator: a client account in the user pool's moderator group, and in the operator group (/operator). */
export const DEMO_MODERATOR = { email: 'moderator@demo.al', password: 'Moderator#2026', name: 'Arben Moderatori' };

/**
 * Reports waiting in the moderators' queue: who reports (the demo client, or a demo business by index) what
 * (a demo business by index, or a demo request by index), why, with a note in Albanian.
 */
export const DEMO_REPORTS: {
  by: 'client' | number;
  kind: 'post' | 'business';
  target: number;
  reason: 'spam' | 'fraud' | 'abusive' | 'inappropriate' | 'fake' | 'other';
  note: string;
}[] = [
  {
    by: 'client',
    kind: 'business',
    target: 3,
    reason: 'fraud',
    note: 'Kërkoi paradhënie të plotë para se të vinte për matje. Më duket e dyshimtë.',
  },
  {
    by: 1,
    kind: 'post',
    target: 5,
    reason: 'fake',
    note: 'Kjo kërkesë duket e kopjuar nga një faqe tjetër; numri i telefonit në përshkrim nuk përgjigjet.',
  },
  { by: 2, kind: 'post', target: 5, reason: 'spam', note: 'E njëjta kërkesë është postuar disa herë.' },
];

/** Sponsored ads, each paid (€20, sandbox) by a demo business by index: the Sponsored strip starts with these. */
export const DEMO_ADS: { business: number }[] = [{ business: 0 }, { business: 1 }, { business: 2 }];

/** The first one is the demo business account (its password is printed by `npm start`). */
export const DEMO_BUSINESSES: DemoBusiness[] = [
  {
    email: 'business@demo.al',
    password: 'Business#2026',
    businessName: 'Studio Ambient',
    location: 'Tirana',
    categories: ['Interior Design', 'Furniture', 'Decor', 'Lights'],
    serviceTowns: ['Tirana', 'Durrës', 'Kamëz'],
    portfolioPictures: 4,
    description:
      'Studio dizajni interieri në Tiranë që nga viti 2012. Projektojmë dhe realizojmë shtëpi, zyra dhe lokale, nga skica e parë deri te dorëzimi i çelësave. Punojmë me mjeshtër vendas dhe materiale cilësore, me çmim dhe afat të qartë që në fillim.',
  },
  {
    email: 'druri.arte@demo.al',
    password: 'Business#2026',
    businessName: 'Mobileri Druri i Artë',
    location: 'Durrës',
    categories: ['Furniture'],
    serviceTowns: ['Durrës', 'Tirana', 'Kavajë'],
    portfolioPictures: 3,
    description:
      'Punishte familjare mobilerie në Durrës, me tri breza mjeshtrash. Bëjmë me porosi kuzhina, dollapë, komodina dhe tavolina prej druri masiv. Matja në shtëpinë tuaj dhe montimi janë falas brenda qytetit.',
  },
  {
    email: 'banjo.shkodra@demo.al',
    password: 'Business#2026',
    businessName: 'Pllaka & Banjo Shkodra',
    location: 'Shkodër',
    categories: ['Bathroom', 'Flooring'],
    serviceTowns: ['Shkodër', 'Lezhë'],
    portfolioPictures: 3,
    description:
      "Rikonstruksione banjash dhe shtrim pllakash e parketi në Shkodër dhe rrethina. Kujdesemi për gjithçka: prishjen, hidroizolimin, pllakat dhe sanitaret. Në dyqanin tonë te Rruga Kolë Idromeno mund t'i zgjidhni materialet vetë.",
  },
  {
    email: 'ngjyra.korca@demo.al',
    password: 'Business#2026',
    businessName: 'Ngjyra Korça',
    location: 'Korçë',
    categories: ['Painting', 'Dural'],
    serviceTowns: ['Korçë', 'Pogradec'],
    portfolioPictures: 2,
    description:
      'Bojaxhinj me 15 vjet përvojë në Korçë dhe Pogradec. Lyejmë apartamente, zyra dhe fasada, bëjmë tavane me dural dhe patinime dekorative. Përdorim bojëra pa erë të rëndë dhe e lëmë shtëpinë të pastër pas punës.',
  },
];

/** The client's open requests (one has a budget of 5000 or more: the browser tests filter for it). */
export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Rinovim i sallonit në stil modern',
    location: 'Tirana',
    budget: 2500,
    categories: ['Interior Design', 'Furniture', 'Decor'],
    content:
      'Kërkoj një dizajner për të rifreskuar sallonin prej 30 m²: divan i ri, një raft i madh në mur dhe ndriçim i ngrohtë. Më pëlqejnë druri i çelët dhe nuancat e gjelbra.',
  },
  {
    title: 'Dollap me porosi prej lisi për dhomën e gjumit',
    location: 'Durrës',
    budget: 800,
    categories: ['Furniture'],
    content: 'Dollap në mur, 2,4 m i gjerë dhe deri në tavan, me dyer rrëshqitëse dhe sirtarë nga brenda.',
  },
  {
    title: 'Rikonstruksion i banjës: pllaka dhe sanitare',
    location: 'Shkodër',
    budget: 3200,
    categories: ['Bathroom', 'Flooring'],
    content:
      'Rikonstruksion i plotë i një banje 6 m²: pllaka të reja, dush pa kabinë, lavaman me dollap dhe rubinete të reja.',
  },
  {
    title: 'Mobilje dhe drita për tarracën',
    location: 'Vlorë',
    budget: 1200,
    categories: ['Outdoor', 'Lights'],
    content:
      'Tarraca me pamje nga deti do ndenjëse për gjashtë veta që i rezistojnë diellit e shiut, dhe një ndriçim i butë për mbrëmjet.',
  },
  {
    title: 'Lyerje e një apartamenti 2+1',
    location: 'Korçë',
    budget: 450,
    categories: ['Painting'],
    content:
      'Muret dhe tavanet e tri dhomave dhe korridorit, rreth 180 m² gjithsej. Ngjyra neutrale, mundësisht brenda dy javëve.',
  },
  {
    title: 'Tavan me dural dhe shirita LED',
    location: 'Tirana',
    budget: 1800,
    categories: ['Dural', 'Lights'],
    content: 'Tavan i varur me dural në kuzhinë dhe në sallon, me shirita LED të fshehur përgjatë anëve.',
  },
  {
    title: 'Parket lisi kurriz peshku për sallonin',
    location: 'Elbasan',
    budget: 6000,
    categories: ['Flooring'],
    content: 'Rreth 45 m² parket lisi me motiv kurriz peshku, duke përfshirë heqjen e pllakave të vjetra.',
  },
  {
    title: 'Dekor i ngrohtë për një garsonierë',
    location: 'Sarandë',
    budget: 90,
    categories: ['Decor'],
    content: 'Jastëkë, perde, një qilim dhe disa piktura, që garsoniera me qira të duket si shtëpi.',
  },
];

/** Offers waiting for the client's answer, by post index. */
export const DEMO_OFFERS: (DemoOffer & { post: number })[] = [
  {
    post: 0,
    business: 0,
    price: 2350,
    message:
      'Përshëndetje! Mund të vijmë për matje këtë javë. Oferta përfshin projektin 3D, divanin, raftin e murit dhe ndriçimin. Punimet zgjasin rreth tri javë.',
    terms: {
      items: [
        { label: 'Projekti 3D', amount: 250 },
        { label: 'Divani dhe rafti i murit', amount: 1600 },
        { label: 'Ndriçimi dhe montimi', amount: 500 },
      ],
      startInDays: 7,
      durationDays: 21,
      included: ['design', 'materials', 'delivery', 'fitting'],
    },
  },
  // Two more offers on the same request, so the demo client can compare three side by side.
  {
    post: 0,
    business: 1,
    price: 2100,
    message:
      'Divan me porosi dhe raft muri prej lisi, të punuara në punishten tonë. Transporti deri në Tiranë përfshihet.',
    terms: { startInDays: 14, durationDays: 25, included: ['materials', 'delivery'], includedNote: 'Garanci 2 vjet' },
  },
  {
    post: 0,
    business: 3,
    price: 2600,
    message: 'Lyerje e plotë e sallonit, dekor muri dhe ndriçim i ri LED. Fillojmë menjëherë.',
    terms: {
      items: [
        { label: 'Lyerja dhe dekori i murit', amount: 900 },
        { label: 'Mobilimi', amount: 1300 },
        { label: 'Ndriçimi LED', amount: 400 },
      ],
      startInDays: 3,
      durationDays: 14,
      included: ['materials', 'labour', 'removal'],
    },
  },
  {
    post: 1,
    business: 1,
    price: 760,
    message:
      'Dollapin e bëjmë me lis masiv dhe dyer rrëshqitëse me mbyllje të butë. Matja dhe montimi janë falas në Durrës. Gati për 20 ditë pune.',
  },
  {
    post: 2,
    business: 2,
    price: 3050,
    message:
      "Kemi bërë shumë banja të tilla në Shkodër. Çmimi përfshin prishjen, hidroizolimin, pllakat dhe montimin e sanitareve. Pllakat mund t'i zgjidhni vetë në dyqanin tonë.",
  },
  {
    post: 4,
    business: 3,
    price: 420,
    message:
      'Lyejmë me dy duar bojë, me stuko aty ku duhet. Mbulojmë mobiljet dhe dyshemetë, e pastrojmë gjithçka në fund. Mund të fillojmë të hënën.',
  },
  {
    post: 5,
    business: 0,
    price: 1700,
    message:
      'Tavani bëhet me profile të galvanizuara dhe pllaka dural që nuk e thithin lagështirën. Dritat LED janë me ngjyrë të ngrohtë dhe rregullohen. Rreth një javë punë.',
  },
];

/** Jobs already done: the client accepted the offer, then marked it finished with a rating and a review. */
/** Finished jobs with their review and, where set, the business's reply under it. */
export const FINISHED_JOBS: { post: DemoPost; offer: DemoOffer; rating: number; review: string; reply?: string }[] = [
  {
    post: {
      title: 'Kuzhinë me porosi për apartamentin e ri',
      location: 'Durrës',
      budget: 2800,
      categories: ['Furniture'],
      content: 'Kuzhinë në formë L, 3,2 m me 2 m, me dollapë deri në tavan dhe banak guri.',
    },
    offer: {
      business: 1,
      price: 2650,
      message: 'Kuzhina bëhet me trup MDF të lyer dhe banak guri kuarci. Gati për një muaj, me montim falas.',
    },
    rating: 5,
    review:
      'Punë shumë e pastër dhe në kohë. Mjeshtrit ishin të sjellshëm dhe e lanë shtëpinë në rregull. Kuzhina doli edhe më e bukur se në projekt. I rekomandoj me gjithë zemër!',
    reply:
      'Faleminderit shumë për fjalët e mira! Ishte kënaqësi të punonim për shtëpinë tuaj. Ju mirëpresim sa herë të keni nevojë.',
  },
  {
    post: {
      title: 'Ndriçim i ri për dyqanin e rrobave',
      location: 'Tirana',
      budget: 1500,
      categories: ['Lights', 'Interior Design'],
      content:
        'Dyqan 60 m² te Blloku: dritat e vjetra duhen zëvendësuar me spote LED që i nxjerrin ngjyrat e rrobave si në dritë dite.',
    },
    offer: {
      business: 0,
      price: 1400,
      message: 'Propozojmë spote LED në shina, 4000 K, me tre qarqe të ndara për vitrinën, raftet dhe kasën.',
    },
    rating: 4,
    review:
      "Projekt i menduar mirë dhe dyqani duket shumë më bukur. Montimi u vonua dy ditë, por na lajmëruan që më parë. Do t'i thërrisja sërish.",
    reply:
      'Faleminderit për durimin me montimin! Na vjen mirë që dyqani ju pëlqen; jemi këtu për çdo rregullim të dritave.',
  },
  {
    post: {
      title: 'Banjë e vogël me dush të hapur',
      location: 'Shkodër',
      budget: 2200,
      categories: ['Bathroom'],
      content: 'Banjë 4 m² në pallat: pllaka të reja, dush pa kabinë dhe lavaman i varur.',
    },
    offer: {
      business: 2,
      price: 2100,
      message: 'E bëjmë për 12 ditë pune, me hidroizolim të plotë dhe pllaka porcelani që zgjidhni në dyqan.',
    },
    rating: 5,
    review: 'Banja doli si në revistë. Punuan me kujdes, e mbrojtën korridorin dhe e mbaruan një ditë para afatit.',
    reply: 'Ju faleminderit! Ishte kënaqësi. Mos harroni ta silikononi dushin sërish pas një viti.',
  },
  {
    post: {
      title: 'Lyerje e shtëpisë para festave',
      location: 'Korçë',
      budget: 600,
      categories: ['Painting'],
      content: 'Tri dhoma dhe kuzhina, ngjyra të çelëta, para fundit të dhjetorit.',
    },
    offer: {
      business: 3,
      price: 560,
      message: 'Lyejmë me bojë pa erë, dy duar, dhe i mbulojmë mobiljet. Mund të fillojmë javën tjetër.',
    },
    rating: 4,
    review: 'Punë e mirë dhe e pastër, ngjyrat dolën shumë bukur. Një ditë vonesë, por ia vlente.',
  },
];

/**
 * A second client, Tirana neighbours' requests of past months: the price guide's demo data. Their accepted offers
 * (from three demo businesses each) are enough for the guide to show Furniture and Interior Design in Tirana on
 * the first run (at least 5 accepted offers from at least 3 businesses: common/priceGuide.ts).
 */
export const DEMO_NEIGHBOUR = { email: 'fqinja@demo.al', password: 'Fqinja#2026', name: 'Blerina Kola' };

/** Tirana requests of one service, each `[title, budget, business, price of its accepted offer]`. */
const guideRequests = (
  service: ServiceName,
  content: string,
  message: string,
  rows: readonly (readonly [title: string, budget: number, business: number, price: number])[],
): { post: DemoPost; offer: DemoOffer }[] =>
  rows.map(([title, budget, business, price]) => ({
    post: { title, location: 'Tirana' as const, budget, categories: [service], content },
    offer: { business, price, message },
  }));

export const PRICE_GUIDE_OFFERS: { post: DemoPost; offer: DemoOffer }[] = [
  ...guideRequests(
    'Furniture',
    'Punë me porosi sipas matjeve. Materiale cilësore dhe montim i përfshirë.',
    'E bëjmë me porosi, me matje në vend dhe montim falas.',
    [
      ['Kuzhinë e vogël për garsonierë', 2200, 0, 1900],
      ['Dollap rrobash me dyer rrëshqitëse', 1400, 1, 1250],
      ['Kuzhinë në formë U me ishull', 4500, 3, 4100],
      ['Krevat dopio me komodina', 900, 0, 850],
      ['Raft librash nga muri në mur', 1100, 1, 980],
      ['Kuzhinë me dyer druri të lyera', 3200, 3, 2900],
    ],
  ),
  ...guideRequests(
    'Interior Design',
    'Kërkoj një projekt me vizatime 3D dhe ndjekje të punimeve.',
    'Projekti me pamje 3D dhe ndjekje e punimeve deri në fund.',
    [
      ['Rikonceptim i sallonit 30 m²', 2500, 0, 2300],
      ['Projekt për zyrë të vogël', 1800, 3, 1600],
      ['Dizajn i banjës dhe korridorit', 1500, 2, 1450],
      ['Projekt i plotë për apartament 2+1', 4000, 0, 3600],
      ['Ndarje me dural dhe ndriçim për studion', 2000, 3, 2100],
    ],
  ),
];

/** A picture's tags among the ideas: a room and, optionally, a style. */
export interface DemoIdeaTags {
  room: IdeaRoom;
  style?: IdeaStyle;
}

/**
 * The tags of each demo business's portfolio pictures (DEMO_BUSINESSES by index, its pictures in order): the seed draws
 * each picture as its room in its style and shows it among the ideas, in the business's town.
 */
export const DEMO_PORTFOLIO_IDEAS: DemoIdeaTags[][] = [
  [
    { room: 'living-room', style: 'modern' },
    { room: 'living-room', style: 'scandinavian' },
    { room: 'bedroom', style: 'minimalist' },
    { room: 'office', style: 'industrial' },
  ],
  [
    { room: 'kitchen', style: 'rustic' },
    { room: 'bedroom', style: 'classic' },
    { room: 'kitchen', style: 'classic' },
  ],
  [{ room: 'bathroom', style: 'modern' }, { room: 'bathroom', style: 'rustic' }, { room: 'living-room' }],
  [
    { room: 'living-room', style: 'classic' },
    { room: 'exterior', style: 'rustic' },
  ],
];

/**
 * Pictures of each finished job's work (FINISHED_JOBS by index), shown among the ideas in the job's town by the
 * business that did it, and whether the job's client (the demo client) lets its price band show with them.
 */
export const DEMO_JOB_IDEAS: { job: number; pictures: DemoIdeaTags[]; showBand: boolean }[] = [
  {
    job: 0,
    pictures: [
      { room: 'kitchen', style: 'modern' },
      { room: 'kitchen', style: 'modern' },
      { room: 'kitchen', style: 'minimalist' },
      { room: 'living-room', style: 'modern' },
    ],
    showBand: true,
  },
  {
    job: 1,
    pictures: [
      { room: 'shop-restaurant', style: 'industrial' },
      { room: 'shop-restaurant', style: 'industrial' },
      { room: 'shop-restaurant', style: 'modern' },
    ],
    showBand: true,
  },
  {
    job: 2,
    pictures: [
      { room: 'bathroom', style: 'modern' },
      { room: 'bathroom', style: 'modern' },
      { room: 'bathroom', style: 'minimalist' },
      { room: 'bathroom', style: 'classic' },
    ],
    showBand: false,
  },
  {
    job: 3,
    pictures: [
      { room: 'living-room', style: 'classic' },
      { room: 'bedroom', style: 'scandinavian' },
      { room: 'childrens-room', style: 'scandinavian' },
    ],
    showBand: true,
  },
];

/** An idea of the demo data: a business's portfolio picture, or a finished job's picture (by index). */
export type DemoIdeaRef = { portfolio: [business: number, picture: number] } | { job: [job: number, picture: number] };

/** The demo client's boards ("Idetë e mia"): each one's name, whether it is shared by link, and its ideas. */
export const DEMO_BOARDS: { name: string; shared: boolean; ideas: DemoIdeaRef[] }[] = [
  {
    name: 'Kuzhina e re',
    shared: false,
    ideas: [{ job: [0, 0] }, { job: [0, 2] }, { portfolio: [1, 0] }],
  },
  {
    name: 'Për sallonin',
    shared: true,
    ideas: [{ portfolio: [0, 0] }, { portfolio: [0, 1] }, { job: [3, 0] }],
  },
  { name: 'Banja', shared: false, ideas: [{ job: [2, 0] }, { portfolio: [2, 0] }] },
];
