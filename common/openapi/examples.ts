/**
 * Request bodies the reference page shows as examples, taken from the demo data `npm start` seeds
 * (common/demoData.ts, in Albanian like the product's users write). Ids are placeholders: use the ones the API
 * gave you (the demo requests' categories are category ids from GET /category/all). `apiDocument` is the document
 * with them, the one `npm run openapi`, the local gateway and the cloud deployment publish.
 */
import { DEMO_BUSINESSES, DEMO_CLIENT, DEMO_OFFERS, DEMO_POSTS, FINISHED_JOBS } from '../demoData';
import { buildOpenApiDocument, type DocumentOptions } from './document';

const post = DEMO_POSTS[0];
const offer = DEMO_OFFERS[0];
const business = DEMO_BUSINESSES[0];
const job = FINISHED_JOBS[0];

/** An example body per handler of the route table. */
export const bodyExamples: Record<string, unknown> = {
  createUser: {
    cognitoId: '3f1c2d4e-0000-4000-8000-000000000001',
    email: DEMO_CLIENT.email,
    username: DEMO_CLIENT.name,
    location: post.location,
    language: 'sq',
  },
  createBusiness: {
    cognitoId: '3f1c2d4e-0000-4000-8000-000000000002',
    email: business.email,
    businessName: business.businessName,
    location: business.location,
    description: business.description,
  },
  createPost: {
    userId: 'u-0001',
    title: post.title,
    location: post.location,
    budget: post.budget,
    content: post.content,
    category: ['c-interior-design'],
    images: ['uploads/3f1c2d4e-0000-4000-8000-000000000001/9b2e.jpg'],
  },
  createOffer: {
    postId: 'p-0001',
    businessId: 'b-0001',
    price: offer.price,
    message: offer.message,
    items: [
      { label: 'Materialet', amount: offer.price - 300 },
      { label: 'Montimi', amount: 300 },
    ],
    durationDays: 10,
    included: ['materials', 'fitting'],
  },
  reviseOffer: { price: offer.price - 100, message: offer.message, version: 1, note: 'Pa transportin' },
  updateOfferStatus: { offerId: 'o-0001', newStatus: 'accepted', version: 2 },
  counterOffer: { version: 0, price: offer.price - 200, note: 'A mund ta bëni për pak më lirë?' },
  answerCounterOffer: { version: 1, answer: 'accept' },
  createFinishedJob: { postId: 'p-0001', businessId: 'b-0001', rating: job.rating, review: job.review },
  replyToReview: { text: job.reply },
  sendChatMessage: { text: 'Përshëndetje! A mund të vini për matje të shtunën?' },
  createReport: { kind: 'post', targetId: 'p-0001', reason: 'spam', note: 'E njëjta kërkesë është postuar tri herë.' },
  createContactMessage: { message: 'Si mund ta ndryshoj qytetin e kërkesës sime?' },
  createUploadUrl: { fileName: 'salloni.jpg', contentType: 'image/jpeg', contentLength: 482113 },
  requestVerification: { nipt: 'L21718020A', document: 'uploads/3f1c2d4e-0000-4000-8000-000000000002/nipt.jpg' },
};

/** The OpenAPI document with the demo data's examples. */
export const apiDocument = (opts: Omit<DocumentOptions, 'bodyExamples'> = {}) =>
  buildOpenApiDocument({ ...opts, bodyExamples });
