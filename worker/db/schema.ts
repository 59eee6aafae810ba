/**
 * The D1 data model. Ids that appear in URLs are random UUIDs, never sequential.
 * Times are stored as integer milliseconds since the epoch.
 *
 * Ownership: a row belongs to a user (user_id) or, before they sign in, to the anonymous browser
 * that made it (visitor_id, from a random cookie), so anonymous work can be claimed on sign-in.
 */
import type { CropRect } from '@social-resizer/engine/plan/crop';
import { FRAMINGS } from '../../shared/framings';
import type { Fill } from '../../shared/fill';
import type { Detection } from '@social-resizer/engine/plan/detection';
import type { FileCheck } from '../../shared/file-check';
import { DEFAULT_QUALITY, OUTPUT_CHOICES, OUTPUT_TYPES } from '@social-resizer/engine/plan/output';
import { PAYMENT_STATUSES, PLAN_IDS } from '../../shared/plans';
import { REQUEST_PURPOSES } from '../../shared/schemas';
import type { Analysis, StoredImageInfo } from '@social-resizer/engine';
import { sql } from 'drizzle-orm';
import { fromBase64, toBase64 } from '../lib/base64';
import { customType, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
/** Bytes kept as base64 text; text that is not base64 reads as no bytes. */
const bytes = customType<{ data: Uint8Array; driverData: string }>({
  dataType: () => 'text',
  toDriver: toBase64,
  fromDriver: (value) => fromBase64(value) ?? new Uint8Array(0),
});
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date());

export const users = sqliteTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    /** "algorithm$parameters$salt$hash", so the cost can be raised later. */
    passwordHash: text('password_hash').notNull(),
    hasUnlimitedAccess: integer('has_unlimited_access', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table holds no usable session. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const uploads = sqliteTable(
  'uploads',
  {
    id: id(),
    /** R2 key of the original; unguessable (derived from the random id). */
    r2Key: text('r2_key').notNull().unique(),
    originalFilename: text('original_filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    createdAt: createdAt(),
    /** Set when the 7-day cleanup removed the files; the row stays so pages can say so. */
    expiredAt: integer('expired_at', { mode: 'timestamp_ms' }),
    /** The content-aware analysis of the picture, made once on the first banner or profile fan-out. */
    analysis: text('analysis', { mode: 'json' }).$type<Analysis>(),
    /** The faces, lines of text and marks found in the picture, made once on first need (engine/plan/detection.ts). */
    detection: text('detection', { mode: 'json' }).$type<Detection>(),
    /**
     * What the upload's inspection read from the file's header (its ICC profile left out): the
     * renders plan their memory from it before they read the file (engine/step-bytes.ts). Null for
     * uploads made before it was kept.
     */
    imageInfo: text('image_info', { mode: 'json' }).$type<StoredImageInfo>(),
    /**
     * A baseline JPEG's access points (engine/codecs/jpeg/access-points.ts), made by the whole
     * decode its detection reads and stored with it: the renders after it start a region's decode
     * at the band nearest above it, not at the top. Null for other files and before detection.
     */
    accessPoints: bytes('access_points'),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId),
    index('uploads_visitor_idx').on(t.visitorId),
    index('uploads_created_idx').on(t.createdAt),
  ],
);

export type CropDetails = { x: number; y: number; width: number; height: number; zoom: number };

export const imageRequests = sqliteTable(
  'image_requests',
  {
    id: id(),
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    formatId: integer('format_id').notNull(),
    platform: text('platform').notNull(),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    cropDetails: text('crop_details', { mode: 'json' }).$type<CropDetails>().notNull(),
    /** The single tool's, or a fan-out's base with no file of its own (shared/schemas.ts, REQUEST_PURPOSES). */
    purpose: text('purpose', { enum: REQUEST_PURPOSES }).notNull().default('single'),
    /**
     * The single tool's current choice of file type ('auto' or a type), quality and fill (null: the
     * default), which the download step renders when told nothing else. Its rendered files, its
     * own format's among them, are its conversions.
     */
    outputChoice: text('output_choice', { enum: OUTPUT_CHOICES }).notNull().default('auto'),
    quality: integer('quality').notNull().default(DEFAULT_QUALITY),
    fill: text('fill', { mode: 'json' }).$type<Fill>(),
    /** First time its owner got the file (a free download, unlimited access or a payment): it is then a purchase. */
    acquiredAt: integer('acquired_at', { mode: 'timestamp_ms' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('image_requests_upload_idx').on(t.uploadId),
    index('image_requests_user_idx').on(t.userId),
    index('image_requests_visitor_idx').on(t.visitorId),
  ],
);

export const CONVERSION_STATUSES = ['processing', 'complete', 'failed'] as const;
/**
 * The tool whose rules frame a conversion: 'single' (the single tool: the request's own format
 * with its crop, and the download step's other formats fitted to it), 'banner' and 'profile' (the
 * free adjusters), 'batch' (Unlimited Access).
 */
export const CONVERSION_FLOWS = ['single', 'banner', 'profile', 'batch'] as const;
export type ConversionFlow = (typeof CONVERSION_FLOWS)[number];
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];
export const CONVERSION_MODES = ['standard', 'content-aware'] as const;
export type ConversionMode = (typeof CONVERSION_MODES)[number];

/**
 * Every rendered file of a request, one row per format: its own format, the download step's other
 * formats, the adjusters' and the batch's targets. One kind of record, made by one render function
 * (services/conversions/render.ts) in the request and in the queue alike.
 */
export const conversions = sqliteTable(
  'conversions',
  {
    id: id(),
    requestId: text('request_id')
      .notNull()
      .references(() => imageRequests.id, { onDelete: 'cascade' }),
    formatId: integer('format_id').notNull(),
    /** 'standard' (the flow's plain crop) or 'content-aware' (planned from the analysis). */
    mode: text('mode', { enum: CONVERSION_MODES }).notNull().default('standard'),
    /** The tool that last asked for this format: the next render follows its rules. */
    flow: text('flow', { enum: CONVERSION_FLOWS }).notNull().default('single'),
    /** What was last asked, as one value (services/conversions/identity.ts): asked again the same, nothing renders. */
    identity: text('identity'),
    status: text('status', { enum: CONVERSION_STATUSES }).notNull().default('processing'),
    outputKey: text('output_key'),
    outputSize: integer('output_size'),
    /** The user's file type ('auto' or a type) and JPEG/WebP quality; the rendered file's own below. */
    outputChoice: text('output_choice', { enum: OUTPUT_CHOICES }).notNull().default('auto'),
    quality: integer('quality').notNull().default(DEFAULT_QUALITY),
    /** What fills the frame where the picture does not reach (shared/fill.ts); null: the flow's default. */
    fill: text('fill', { mode: 'json' }).$type<Fill>(),
    /** The user's box to keep (shared/schemas.ts focusSchema); null: the analysis or a centred crop decides. */
    focus: text('focus', { mode: 'json' }).$type<CropRect>(),
    /** The user's own crop of this one target (re-framed by hand on the results), in upright picture pixels. */
    handCrop: text('hand_crop', { mode: 'json' }).$type<CropRect>(),
    /** The rendered file's type, and the quality it was encoded at (lower where a size cap asked; null for PNG). */
    outputType: text('output_type', { enum: OUTPUT_TYPES }),
    outputQuality: integer('output_quality'),
    /**
     * The preview's type when it is stored in the file's own object, after the file's `outputSize`
     * bytes (one R2 write a render: docs/operations.md, "What it costs"); null for renders stored
     * before, whose preview is an object of its own (storage-keys.ts previewKeyOf).
     */
    previewType: text('preview_type', { enum: OUTPUT_TYPES }),
    /** The render under way or last finished (services/conversions/rows.ts): only that render may complete the row. */
    renderId: text('render_id'),
    /**
     * What the file was made by, written with its key by the render that made it and by nothing else:
     * the flow whose rules framed it and its framing. The pixel door (services/access/door.ts) decides
     * from these, never from `flow`, which the next fan-out may change before it renders.
     */
    renderedFlow: text('rendered_flow', { enum: CONVERSION_FLOWS }),
    framing: text('framing', { enum: FRAMINGS }),
    /** The crop the file was rendered from (upright picture pixels), written with the framing. */
    renderedCrop: text('rendered_crop', { mode: 'json' }).$type<CropRect>(),
    /** The file checked against its format's rules, read back from its bytes (engine/output/acceptance.ts). */
    fileCheck: text('file_check', { mode: 'json' }).$type<FileCheck>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('conversions_request_format_unique').on(t.requestId, t.formatId)],
);

/**
 * An Unlimited Access user's batch: many photos (one image request each), the same formats for
 * every photo. Each photo's conversions are its request's (flow 'batch'); the batch only groups
 * them, in the order the photos were given.
 */
export const batches = sqliteTable(
  'batches',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formatIds: text('format_ids', { mode: 'json' }).$type<number[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('batches_user_idx').on(t.userId)],
);

export const batchPhotos = sqliteTable(
  'batch_photos',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    requestId: text('request_id')
      .notNull()
      .references(() => imageRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.requestId] })],
);

export const payments = sqliteTable(
  'payments',
  {
    id: id(),
    stripePaymentIntentId: text('stripe_payment_intent_id').notNull().unique(),
    planId: text('plan_id', { enum: PLAN_IDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Kept (set null) when the account is deleted: payments stay for accounting. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorId: text('visitor_id'),
    imageRequestId: text('image_request_id').references(() => imageRequests.id, { onDelete: 'set null' }),
    /** When access was granted; granting happens once, whoever (confirm call or webhook) comes first. */
    grantedAt: integer('granted_at', { mode: 'timestamp_ms' }),
    /** A single-image purchase gives access until then (30 days). */
    accessExpiresAt: integer('access_expires_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_user_idx').on(t.userId), index('payments_request_idx').on(t.imageRequestId)],
);

export type User = typeof users.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type ImageRequest = typeof imageRequests.$inferSelect;
export type Conversion = typeof conversions.$inferSelect;
export type Batch = typeof batches.$inferSelect;
export type Payment = typeof payments.$inferSelect;

/**
 * Failed logins, kept 15 minutes, to slow guessing: one row per failure, keyed by the username
 * (lower case) and by the IP address, so either key can be throttled.
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/** Messages sent from the contact page; read by the admin. */
export const contactMessages = sqliteTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Newsletter sign-ups from the blog: one row per address (stored lower-cased). */
export const newsletterSubscriptions = sqliteTable('newsletter_subscriptions', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Password reset links: the SHA-256 of a random token (the e-mailed link holds the token), good
 * once, for an hour. Every link of a user goes when one is used or the password changes.
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * E-mail written locally instead of sent: in development with no mail provider configured, so the
 * password reset works on a fresh machine (the /outbox page shows it). Never used in production.
 */
export const outboxMessages = sqliteTable('outbox_messages', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/** Admin area sessions (the ADMIN_PASSWORD holder), apart from user sessions. */
export const adminSessions = sqliteTable('admin_sessions', {
  /** SHA-256 of the cookie token. */
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  createdAt: createdAt(),
});

/** Stripe event ids already handled: Stripe delivers an event more than once. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

export const LOCAL_INTENT_STATUSES = ['requires_payment_method', 'succeeded', 'canceled'] as const;

/**
 * The local test payment provider's PaymentIntents (only with no Stripe keys, never in
 * production): the same fields the real provider answers, kept in D1 instead of at Stripe.
 */
export const localPaymentIntents = sqliteTable('local_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  amount: integer('amount').notNull(),
  amountReceived: integer('amount_received').notNull().default(0),
  currency: text('currency').notNull(),
  status: text('status', { enum: LOCAL_INTENT_STATUSES }).notNull().default('requires_payment_method'),
  metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
