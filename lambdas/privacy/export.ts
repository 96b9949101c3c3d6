/**
 * Download my data (docs/privacy.md): everything held about the person, gathered by their Cognito sub and their
 * record's id through the same keys and indexes the API uses (no Scan), written as JSON files with a README in
 * their language and their own pictures into one ZIP (lambdas/privacy/zip.ts), put in the private exports bucket,
 * and announced by email with a signed link valid EXPORT_LINK_HOURS (the app's Settings > Privacy gives a new link
 * while the file is kept).
 *
 * Others' data never goes in: what others wrote to the person appears with the name they show in the app and the
 * text, nothing else of them (no email, no account id, no picture); the person's own pictures are named by file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { exportExpiryOf, EXPORT_LINK_HOURS } from '../../common/privacy';
import { processedFolder } from '../../common/images';
import { uploaderOf } from '../../common/uploads';
import type { EmailLanguage } from '../../common/notifications';
import { keys, KEY_ATTRIBUTES } from '../model/keys';
import { allItemsOf, getRecord } from '../data/query';
import { INDEXES } from '../model/schema';
import { s3 } from '../data/uploads';
import { getPreferences } from '../data/notifications';
import { downloadUrl, exportPrefixOf, finishExport, startExport } from '../data/exports';
import type { StoredExport } from '../model/exports';
import type { StoredBusiness, StoredUser } from '../model/users';
import type { StoredPost } from '../model/posts';
import { getOffer } from '../data/offers';
import type { StoredOffer } from '../model/offers';
import type { StoredFinishedJob } from '../model/reviews';
import type { ServiceAccount } from '../chat/serviceAccount';
import { ideaKeys } from '../model/ideas';
import { config } from '../lib/config';
import type { Logger } from '../lib/log';
import { sendMail } from '../notify/mailer';
import { linkConfig } from '../notify/deliver';
import { messagesOf, roomsOfMember } from './chat';
import { offersOf, postsOf, reviewsWrittenBy } from './closure';
import { reportsFiledBy } from './reports';
import { listKeys, pictureForExport, processedPrefixOf } from './pictures';
import { exportReadme, exportReadyEmail } from './texts';
import { ZipFile } from './zip';

type Json = Record<string, unknown>;

/** Storage detail of one's own records that says nothing about the person (versions, copies' bookkeeping, TTLs). */
const INTERNAL = new Set<string>([
  ...KEY_ATTRIBUTES,
  'cardVersion',
  'nameTokens',
  'revision',
  'summaryVersion',
  'emailState',
  'emailClaimedAt',
  'pushState',
  'expiresAt',
  'business',
  'post',
]);

/** One's own record without its storage detail. */
const own = (item: object): Json =>
  Object.fromEntries(Object.entries(item).filter(([k, v]) => !INTERNAL.has(k) && v !== undefined));

/** What an offer says (its terms and negotiation), without the business's or the request's copies. */
const offerTerms = (o: StoredOffer): Json =>
  own({
    price: o.price,
    message: o.message,
    status: o.status,
    createdAt: o.createdAt,
    revisedAt: o.revisedAt,
    items: o.items,
    startDate: o.startDate,
    durationDays: o.durationDays,
    included: o.included,
    includedNote: o.includedNote,
    validUntil: o.validUntil,
    proposal: o.proposal,
    history: o.history,
  });

/** A review as its writer and its business see it: stars, text, reply (nothing of the other person). */
const reviewOf = (j: StoredFinishedJob): Json =>
  own({ rating: j.rating, review: j.review, createdAt: j.createdAt, reply: j.reply, request: j.post?.title });

/** A client's answer about the price band of a job of theirs (shown with its pictures among the ideas, or not). */
const bandAnswerOf = (j: StoredFinishedJob): Json =>
  j.bandVersion ? { priceBandShownWithPictures: j.bandConsent === true } : {};

const businessNameOf = (card: StoredOffer['business']) => (card && !card.former ? card.businessName : undefined);

/** Everything held about the person, file by file. */
async function gather(request: StoredExport, chat: ServiceAccount): Promise<Record<string, unknown>> {
  const files: Record<string, unknown> = {};
  const account = await getRecord<Json>(keys.account(request.sub));
  const profile =
    request.role === 'business'
      ? await getRecord<StoredBusiness>(keys.business(request.profileId), { consistent: true })
      : await getRecord<StoredUser>(keys.user(request.profileId), { consistent: true });
  files['account.json'] = {
    role: request.role,
    email: request.email ?? profile?.email,
    accountCreatedAt: account?.createdAt,
    profile: profile ? own(profile) : null,
  };

  if (request.role === 'client') {
    const posts = await postsOf(request.profileId);
    const reviews = new Map((await reviewsWrittenBy(posts)).map((j) => [j.postId, j]));
    files['requests.json'] = await Promise.all(
      posts.map(async (post: StoredPost) => {
        const guards = await allItemsOf({ partition: keys.post(post._id).pk, skPrefix: 'OFFERBY#', consistent: true });
        const offers = (await Promise.all(guards.map((g) => getOffer(String(g.offerId))))).filter(
          (o): o is StoredOffer => !!o,
        );
        const review = reviews.get(post._id);
        return {
          ...own(post),
          offers: offers.map((o) => ({ business: businessNameOf(o.business) ?? null, ...offerTerms(o) })),
          ...(review ? { review: reviewOf(review) } : {}),
        };
      }),
    );
    files['reviews.json'] = { written: [...reviews.values()].map((j) => ({ ...reviewOf(j), ...bandAnswerOf(j) })) };
    files['boards.json'] = await Promise.all(
      (await allItemsOf({ index: INDEXES.GSI1.name, partition: ideaKeys.boardsPartition(request.sub) })).map(
        async (board) => ({
          name: board.name,
          shared: board.shared,
          createdAt: board.createdAt,
          ideas: (
            await allItemsOf({ partition: ideaKeys.board(String(board._id)).pk, skPrefix: 'IDEA#', consistent: true })
          ).map((i) => ({ idea: i.ideaId, savedAt: i.savedAt })),
        }),
      ),
    );
  } else {
    const offers = await offersOf(request.profileId);
    files['offers.json'] = offers.map((o) => {
      const copy = o.post && !('gone' in o.post) ? o.post : undefined;
      return {
        ...offerTerms(o),
        request: copy ? { title: copy.title, location: copy.location, category: copy.category } : null,
      };
    });
    const jobs = await allItemsOf({
      index: INDEXES.GSI1.name,
      partition: keys.businessJobsPartition(request.profileId),
    });
    files['reviews.json'] = { received: jobs.map((j) => reviewOf(j as unknown as StoredFinishedJob)) };
    files['ideas.json'] = (
      await allItemsOf({ index: INDEXES.GSI1.name, partition: ideaKeys.businessIdeasPartition(request.profileId) })
    ).map((i) =>
      own({
        picture: i.picture,
        room: i.room,
        style: i.style,
        service: i.service,
        town: i.town,
        source: i.source,
        createdAt: i.createdAt,
        savedToBoards: i.saveCount ?? 0,
        hiddenByModeration: i.hidden,
      }),
    );
    const verification = await getRecord<Json>(keys.verification(request.profileId), { consistent: true });
    files['verification.json'] = verification
      ? own({
          ...verification,
          decidedBy: undefined,
          businessName: undefined,
          location: undefined,
          profileVersion: undefined,
        })
      : null;
    const payments = await allItemsOf({ index: INDEXES.GSI1.name, partition: `TXNS#${request.sub}` });
    files['payments.json'] = payments.map((t) =>
      own({
        id: t.id,
        date: t.date,
        amount: t.amount,
        status: t.status,
        description: t.description,
        purpose: t.purpose,
        reference: t.reference,
        image: t.image,
      }),
    );
  }

  const rooms = await roomsOfMember({ role: request.role, sub: request.sub });
  files['chat.json'] = await Promise.all(
    rooms.map(async (room) => {
      const other = request.role === 'client' ? room.business : room.user;
      const otherName = other.former ? null : 'businessName' in other ? other.businessName : other.username;
      const messages = await messagesOf(chat, room);
      return {
        with: otherName,
        startedAt: room.createdAt,
        messages: messages.map((m) => ({
          from: m.senderId === request.sub ? 'me' : (m.sender ?? otherName),
          text: m.text,
          at: new Date(m.timestamp).toISOString(),
          ...(m.hidden && m.senderId === request.sub ? { hiddenByModeration: m.hidden } : {}),
        })),
      };
    }),
  );

  const notifications = await allItemsOf({ partition: keys.notificationsPartition(request.sub), consistent: true });
  files['notifications.json'] = notifications
    .filter((n) => n.sk !== keys.notificationStateSk)
    .map((n) => own({ kind: n.kind, createdAt: n.createdAt, data: n.data, readAt: n.readAt }));
  files['preferences.json'] = {
    language: profile?.language ?? null,
    notifications: await getPreferences(request.sub),
  };
  const devices = await allItemsOf({ partition: keys.pushSubscriptionsPartition(request.sub), consistent: true });
  files['devices.json'] = devices.map((d) => ({
    pushService: (() => {
      try {
        return new URL(String(d.endpoint)).host;
      } catch {
        return null;
      }
    })(),
    since: d.createdAt,
  }));
  files['reports.json'] = (await reportsFiledBy(request.sub)).map((r) =>
    own({ kind: r.kind, targetId: r.targetId, reason: r.reason, note: r.note, createdAt: r.createdAt }),
  );
  const contact = await allItemsOf({ index: INDEXES.GSI2.name, partition: keys.contactsOfPartition(request.sub) });
  files['contact.json'] = contact.map((c) => own({ message: c.message, createdAt: c.createdAt }));
  return files;
}

/** The upload keys of the person: every original still held, and every one whose processed versions are left. */
async function pictureKeys(sub: string): Promise<string[]> {
  const originals = await listKeys(config.mediaBucket, `uploads/${sub}/`);
  const processed = await listKeys(config.mediaBucket, processedPrefixOf(sub));
  const fromProcessed = processed
    .map((k) => k.slice('images/'.length).replace(/\/[^/]+$/, ''))
    .map((rest) => `uploads/${rest}`)
    .filter((k) => uploaderOf(k) === sub && processedFolder(k));
  return [...new Set([...originals, ...fromProcessed])].sort();
}

/** The ZIP of the export, in a temporary folder; answers its file, size and the folder to remove after. */
async function writeZip(request: StoredExport, files: Record<string, unknown>, now: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'export-'));
  const file = path.join(dir, 'export.zip');
  const zip = new ZipFile(file);
  const lang: EmailLanguage = request.language === 'en' ? 'en' : 'sq';
  // The person's pictures, named by file; the JSON files name them the same way.
  const names = new Map<string, string>();
  const pictures: [string, Uint8Array][] = [];
  for (const key of await pictureKeys(request.sub)) {
    const picture = await pictureForExport(config.mediaBucket, key);
    if (!picture) continue;
    const base = key
      .split('/')
      .pop()!
      .replace(/\.[^.]+$/, '');
    const name = `pictures/${base}.${picture.extension}`;
    names.set(key, name);
    pictures.push([name, picture.bytes]);
  }
  const replacer = (_: string, v: unknown) => (typeof v === 'string' && names.has(v) ? names.get(v) : v);
  const listed = [...Object.keys(files), ...(pictures.length ? ['pictures/'] : [])];
  await zip.add('README.txt', exportReadme(lang, { createdAt: now, role: request.role, files: listed }));
  for (const [name, value] of Object.entries(files)) await zip.add(name, `${JSON.stringify(value, replacer, 2)}\n`);
  for (const [name, bytes] of pictures) await zip.add(name, bytes, { compress: false });
  const size = await zip.close();
  return { file, size, dir };
}

/**
 * Makes the export asked for by `request` (once: a run that finds it taken, finished or replaced does nothing).
 * A failure is stored as `failed` (the person may ask again at once) and logged; it is not thrown.
 */
export async function runExport(
  request: StoredExport,
  opts: { chat: ServiceAccount; log: Logger },
): Promise<'ready' | 'failed' | 'skipped'> {
  const startedAt = new Date().toISOString();
  if (!(await startExport(request.sub, request.requestedAt, startedAt))) return 'skipped';
  let dir: string | undefined;
  try {
    const files = await gather(request, opts.chat);
    const zip = await writeZip(request, files, startedAt);
    dir = zip.dir;
    const key = `${exportPrefixOf(request.sub)}${request.requestedAt.replace(/[^0-9]/g, '')}-${randomUUID()}.zip`;
    await s3().send(
      new PutObjectCommand({
        Bucket: config.exportsBucket,
        Key: key,
        Body: createReadStream(zip.file),
        ContentLength: zip.size,
        ContentType: 'application/zip',
      }),
    );
    const readyAt = new Date().toISOString();
    if (!(await finishExport(request.sub, request.requestedAt, { readyAt, key, size: zip.size }))) return 'skipped';
    if (request.email) {
      const lang: EmailLanguage = request.language === 'en' ? 'en' : 'sq';
      const email = exportReadyEmail(lang, {
        downloadUrl: await downloadUrl(key, EXPORT_LINK_HOURS * 3600),
        pageUrl: `${linkConfig.appUrl}/settings/${request.profileId}/privacy`,
        expiresAt: exportExpiryOf(readyAt),
        size: zip.size,
      });
      await sendMail({ to: request.email, ...email });
    }
    opts.log.info('Data export ready', { size: zip.size });
    return 'ready';
  } catch (err) {
    opts.log.error('Data export failed', { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
    await finishExport(request.sub, request.requestedAt, { error: 'The export could not be made: ask again' });
    return 'failed';
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
