/**
 * Request and answer shapes shared by the worker (which decides) and the app (which helps).
 * Request schemas carry the messages a user sees (the words the pages show, docs/product.md); answer
 * schemas (named `…AnswerSchema` or after the type they infer) are what the worker sends and what the
 * app's client (app/lib/api.ts) checks every answer against (docs/decisions/0007-query-keys-are-urls.md).
 *
 * Each schema is made the first time it checks something (`z.lazy`): making them all is most of
 * the app's start on a phone, where a page uses two or three (docs/decisions/0015-first-paint.md).
 * A part that another schema extends or refines is a function that makes it.
 */
import { FRAMINGS } from './framings';
import { fileCheckSchema } from './file-check';
import { fillSchema } from './fill';
import { z } from './zod';
import { CONFIDENCES, FORMAT_KINDS, type PlatformFormat } from './formats';
import { DEFAULT_QUALITY, MIN_USER_QUALITY, OUTPUT_CHOICES, OUTPUT_TYPES } from '@social-resizer/engine/plan/output';
import { PAYMENT_STATUSES, PLAN_IDS, type Plan } from './plans';
import { PLATFORMS } from './platforms';
import { MAX_BATCH_PHOTOS, MAX_TARGET_FORMATS } from './limits';

/** An ISO 8601 instant as the worker writes it (`Date.toISOString()`). */
const instant = z.string();

/** The user as the API answers it: never anything about the password. */
export const publicUserSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    hasUnlimitedAccess: z.boolean(),
    createdAt: instant,
  }),
);
export type PublicUser = z.infer<typeof publicUserSchema>;

/** GET /api/session: who is signed in, or `null` for a visitor (an answer, not an error). */
export const sessionAnswerSchema = z.lazy(() => z.object({ user: publicUserSchema.nullable() }));
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** The answer of calls that only confirm (logout, a changed password, a reset link asked for). */
export const messageAnswerSchema = z.lazy(() => z.object({ message: z.string() }));

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;

const username = () =>
  z
    .string('Username must be at least 3 characters')
    .trim()
    .min(USERNAME_MIN, 'Username must be at least 3 characters')
    .max(30, 'Username must be at most 30 characters');
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
const password = z.lazy(() =>
  z
    .string('Password must be at least 6 characters')
    .min(PASSWORD_MIN, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
);

export const loginSchema = z.lazy(() => z.object({ username: username(), password }));

const email = z.lazy(() =>
  z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'),
);

export const registerSchema = z.lazy(() =>
  z.object({
    username: username().regex(
      /^[\p{L}\p{N}._-]+$/u,
      'Username may contain only letters, numbers, dots, hyphens and underscores',
    ),
    email,
    password,
    /** Optional; an empty name is no name. */
    name: z
      .string()
      .trim()
      .max(100, 'Name must be at most 100 characters')
      .optional()
      .nullable()
      .transform((v) => v || null),
  }),
);

export const changePasswordSchema = z.lazy(() =>
  z.object({
    currentPassword: z.string().min(1, 'Please enter your current password').max(200),
    newPassword: password,
  }),
);

export const passwordResetRequestSchema = z.lazy(() => z.object({ email }));

/** A reset link's token, as far as its look tells (the reset page greys its form out otherwise). */
export const resetTokenSchema = z.lazy(() =>
  z.string().min(20, 'This reset link is not complete').max(200, 'This reset link is not complete'),
);

export const passwordResetSchema = z.lazy(() => z.object({ token: resetTokenSchema, password }));

export const deleteAccountSchema = z.lazy(() =>
  z.object({
    password: z.string().min(1, 'Please enter your password to confirm').max(200),
  }),
);

export type LoginInput = z.infer<typeof loginSchema>;
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Another format of a purchase, got from the download step's "Other formats". */
export const purchaseFormatSchema = z.lazy(() =>
  z.object({
    formatId: z.number(),
    platform: z.string(),
    format: z.string(),
    downloadPath: z.string(),
    previewPath: z.string(),
  }),
);
export type PurchaseFormat = z.infer<typeof purchaseFormatSchema>;

/**
 * An image the account got (a free download, unlimited access or a payment). `processedPath` is
 * where to download it once processed; `expired` once the 7-day deletion has removed its files.
 */
export const purchaseSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    createdAt: instant,
    originalFilename: z.string(),
    formatId: z.number(),
    platform: z.string(),
    format: z.string(),
    processedPath: z.string().nullable(),
    /** The thumbnail while the files are kept. */
    previewPath: z.string().nullable(),
    otherFormats: z.array(purchaseFormatSchema),
    expired: z.boolean(),
  }),
);
export type Purchase = z.infer<typeof purchaseSchema>;

/**
 * A payment of the account, as a receipt: the plan, the amount in its currency (minor units), when
 * it was made and paid, its status, and for a Single Download the image it bought (`expired` once
 * the 7-day deletion removed its files; null when the image row is gone).
 */
export const receiptSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    planId: z.enum(PLAN_IDS),
    planName: z.string(),
    amountCents: z.number(),
    currency: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    createdAt: instant,
    paidAt: instant.nullable(),
    image: z
      .object({
        requestId: z.string(),
        originalFilename: z.string(),
        platform: z.string(),
        format: z.string(),
        expired: z.boolean(),
      })
      .nullable(),
  }),
);
export type Receipt = z.infer<typeof receiptSchema>;

/** Development only: a message the local outbox holds instead of sending it (docs/security.md). */
export const outboxMessageSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    createdAt: instant,
  }),
);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const CONTACT_SUBJECTS = ['general', 'support', 'billing', 'feedback', 'partnership', 'other'] as const;

export const contactMessageSchema = z.lazy(() =>
  z.object({
    name: z
      .string()
      .trim()
      .min(2, 'Name must be at least 2 characters.')
      .max(100, 'Name must be at most 100 characters.'),
    email: z.email('Please enter a valid email address.').max(254, 'Please enter a valid email address.'),
    subject: z.enum(CONTACT_SUBJECTS, 'Please select a subject.'),
    message: z
      .string()
      .trim()
      .min(10, 'Message must be at least 10 characters.')
      .max(5000, 'Message must be at most 5000 characters.'),
  }),
);

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const newsletterSchema = z.lazy(() =>
  z.object({
    email: z
      .email('Please enter a valid email address.')
      .max(254, 'Please enter a valid email address.')
      .transform((email) => email.toLowerCase()),
  }),
);

export const contactAnswerSchema = z.lazy(() => z.object({ id: z.string() }));
export const newsletterAnswerSchema = z.lazy(() => z.object({ subscribed: z.literal(true) }));

/** The upload step: at most 50 MB, JPEG, PNG or WebP (judged by the server from the bytes). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const ACCEPTED_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const uploadResponseSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    /** Display path of the original: `/uploads/{id}.{ext}`. */
    path: z.string(),
    originalFilename: z.string(),
    /** Upright size (EXIF orientation applied), the size crop coordinates refer to. */
    width: z.number(),
    height: z.number(),
    size: z.number(),
    type: z.string(),
  }),
);
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
/**
 * The least zoom a request records: the Single Image tool's slider goes down to ZOOM_MIN, but a
 * first framing planned from the picture may open wider (a banner's faces kept whole in a story:
 * docs/product.md, "Single Image tool"), and the slider then starts there.
 */
export const ZOOM_FLOOR = 0.05;
/** A target framed by hand on the results may zoom further in (a small face filling a profile circle). */
export const HAND_ZOOM_MAX = 10;

const finite = (field: string) =>
  z.number(`${field} must be a number`).refine(Number.isFinite, `${field} must be a finite number`);

/** react-easy-crop's croppedAreaPixels, plus the zoom it was made at. */
export const cropDetailsSchema = z.lazy(() =>
  z.object({
    x: finite('x'),
    y: finite('y'),
    width: finite('width').refine((v) => v > 0, 'width must be greater than 0'),
    height: finite('height').refine((v) => v > 0, 'height must be greater than 0'),
    zoom: z
      .number('zoom must be a number')
      .min(ZOOM_FLOOR, `zoom must be at least ${ZOOM_FLOOR}`)
      .max(ZOOM_MAX, `zoom must be at most ${ZOOM_MAX}`),
  }),
);

export type CropDetailsInput = z.infer<typeof cropDetailsSchema>;

/**
 * "Keep this": a box on the upright picture, in its pixels, that every target keeps whole inside
 * its safe zone (a tap is a box of zero size). The server checks it against the picture.
 */
export const focusSchema = z.lazy(() =>
  z.object({
    x: finite('focus x'),
    y: finite('focus y'),
    width: finite('focus width').refine((v) => v >= 0, 'focus width must not be negative'),
    height: finite('focus height').refine((v) => v >= 0, 'focus height must not be negative'),
  }),
);
export type Focus = z.infer<typeof focusSchema>;

/** The file type (or Auto) and the JPEG/WebP quality; both optional, Auto at 82 by default. */
export const outputSettingsSchema = z.lazy(() =>
  z.object({
    type: z.enum(OUTPUT_CHOICES, `type must be one of ${OUTPUT_CHOICES.join(', ')}`).default('auto'),
    quality: z
      .number('quality must be a number')
      .int('quality must be a whole number')
      .min(MIN_USER_QUALITY, `quality must be at least ${MIN_USER_QUALITY}`)
      .max(100, 'quality must be at most 100')
      .default(DEFAULT_QUALITY),
  }),
);

export const createImageRequestSchema = z.lazy(() =>
  z.object({
    originalFilename: z.string().min(1, 'Missing required information').max(255),
    originalPath: z.string().min(1, 'Missing required information').max(300),
    platform: z.string().min(1, 'No format selected').max(40),
    format: z.string().min(1, 'No format selected').max(60),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** The format by id: a size of the user's own is only known this way (shared/custom-format.ts). */
    formatId: z.number().int().positive().optional(),
    cropDetails: cropDetailsSchema,
    output: outputSettingsSchema.optional(),
    fill: fillSchema.optional(),
    /** What the request is made for (REQUEST_PURPOSES); the single tool's when not said. */
    purpose: z.enum(REQUEST_PURPOSES).optional(),
  }),
);

export type CreateImageRequestInput = z.infer<typeof createImageRequestSchema>;

/** Other formats of a single-tool request rendered in one call (the download step's ticks). */
export const MAX_OTHER_FORMATS = 12;

export const processImageSchema = z.lazy(() =>
  z
    .object({
      formats: z
        .array(z.number().int().positive())
        .max(MAX_OTHER_FORMATS, `At most ${MAX_OTHER_FORMATS} other formats at once`)
        .optional(),
      /** A new file type or quality: the outputs are made again with it. */
      output: outputSettingsSchema.optional(),
      /** A new fill: the outputs are made again with it. */
      fill: fillSchema.optional(),
    })
    .default({}),
);

export const requestStatusSchema = z.lazy(() => z.enum(['pending', 'processing', 'complete', 'failed']));
export type RequestStatusValue = z.infer<typeof requestStatusSchema>;

/** A conversion (one target format) is processing, complete or failed. */
const conversionStatusSchema = z.enum(['processing', 'complete', 'failed']);

/** A rendered file: its type, the quality it was encoded at (null for PNG) and its size in bytes. */
export const outputFileSchema = z.lazy(() =>
  z.object({
    type: z.enum(OUTPUT_TYPES),
    quality: z.number().nullable(),
    size: z.number(),
    /** The server's check of the file against its format's rules (null for files made before it). */
    check: fileCheckSchema.nullable().default(null),
  }),
);
export type OutputFile = z.infer<typeof outputFileSchema>;

export const formatOutputSchema = z.lazy(() =>
  z.object({
    formatId: z.number(),
    status: conversionStatusSchema,
    error: z.string().nullable(),
    previewPath: z.string().nullable(),
    downloadPath: z.string().nullable(),
    file: outputFileSchema.nullable(),
  }),
);
export type FormatOutput = z.infer<typeof formatOutputSchema>;

/**
 * What an image request is made for (docs/product.md, "Banner and profile adjusters"): 'single',
 * the Single Image tool's own framing of its format (its crop and zoom, by the request rule), or
 * 'fan-out', the request the adjusters and the batch hang their targets on, which has no file of
 * its own: its format is a target like the others. A fan-out never makes a file the single tool
 * made or makes, and the single tool never renders a fan-out's request.
 */
export const REQUEST_PURPOSES = ['single', 'fan-out'] as const;
export type RequestPurpose = (typeof REQUEST_PURPOSES)[number];

export const imageRequestResponseSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    originalFilename: z.string(),
    originalPath: z.string(),
    /** The upload it was made from: what the editor needs to open it again. */
    upload: uploadResponseSchema,
    formatId: z.number(),
    platform: z.string(),
    format: z.string(),
    width: z.number(),
    height: z.number(),
    purpose: z.enum(REQUEST_PURPOSES),
    /** As it was accepted (cropDetailsSchema), so only its shape is checked here. */
    cropDetails: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), zoom: z.number() }),
    status: requestStatusSchema,
    error: z.string().nullable(),
    /** The file type asked for (or Auto) and the quality. */
    output: z.object({ type: z.enum(OUTPUT_CHOICES), quality: z.number() }),
    /** What fills the frame where the picture does not reach. */
    fill: fillSchema,
    /** The rendered file once processed. */
    file: outputFileSchema.nullable(),
    previewPath: z.string().nullable(),
    paymentId: z.string().nullable(),
    hasUnlimitedAccess: z.boolean(),
    /**
     * Whether its owner has it already, by the door's rule (worker/services/access/door.ts
     * `alreadyTheirs`): got before, a live Single Download payment, or Unlimited Access. Then a
     * download costs nothing and no plan is offered.
     */
    acquired: z.boolean(),
    createdAt: instant,
    /** The other formats rendered from the same upload (the download step's list). */
    outputs: z.array(formatOutputSchema),
  }),
);
export type ImageRequestResponse = z.infer<typeof imageRequestResponseSchema>;

/**
 * The caller's free downloads (worker/services/access/allowance.ts): unlimited, or how many are left of
 * the limit and when the oldest counted one leaves the window (ms since the epoch, or null).
 */
export const allowanceAnswerSchema = z.lazy(() =>
  z.discriminatedUnion('unlimited', [
    z.object({ unlimited: z.literal(true) }),
    z.object({ unlimited: z.literal(false), limit: z.number(), remaining: z.number(), resetAt: z.number().nullable() }),
  ]),
);

const paymentIntentId = z.lazy(() =>
  z.string('paymentIntentId is required').regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'Not a payment intent id'),
);

/** Checkout: the plan by id only; the server knows its price. */
export const createPaymentIntentSchema = z.lazy(() =>
  z.object({
    imageRequestId: z.uuid('Image request not found'),
    planId: z.string('planId is required').min(1, 'planId is required').max(40),
  }),
);

export const confirmPaymentSchema = z.lazy(() =>
  z.object({ paymentIntentId, imageRequestId: z.uuid('Image request not found') }),
);

export const paymentSuccessSchema = z.lazy(() => z.object({ paymentIntentId }));

/** The local test mode's card form. */
export const localCardSchema = z.lazy(() =>
  z.object({
    clientSecret: z.string().min(1).max(300),
    number: z.string().max(40),
    expiry: z.string().max(10),
    cvc: z.string().max(8),
  }),
);

const planIdSchema = z.enum(PLAN_IDS);

export const paymentIntentResponseSchema = z.lazy(() =>
  z.object({ clientSecret: z.string(), paymentIntentId: z.string() }),
);
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** A payment the server confirmed, for the image (`single`) or the account (`unlimited`). */
export const paymentConfirmedSchema = z.lazy(() =>
  z.object({
    success: z.literal(true),
    paymentId: z.string(),
    planId: planIdSchema,
  }),
);

/** The local test mode's card form: the intent as Stripe would answer it (a refused card is a 402). */
export const localPaymentAnswerSchema = z.lazy(() =>
  z.object({
    paymentIntent: z.object({ id: z.string(), status: z.string() }),
  }),
);

/** How the checkout takes cards: Stripe's Payment Element, or the local test mode's own form. */
export const paymentConfigSchema = z.lazy(() =>
  z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('stripe'), publishableKey: z.string().nullable() }),
    z.object({ mode: z.literal('local'), publishableKey: z.null(), available: z.boolean() }),
  ]),
);
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** A plan as shared/plans.ts lists it; checked against that type, which the catalogue keeps. */
export const planSchema: z.ZodType<Plan> = z.lazy(() =>
  z.object({
    id: planIdSchema,
    name: z.string(),
    price: z.number(),
    amountCents: z.number(),
    description: z.string(),
    features: z.array(z.string()),
    isPopular: z.boolean().optional(),
  }),
);

/** A format as shared/formats.ts lists it; checked against that type, which the catalogue keeps. */
export const platformFormatSchema: z.ZodType<PlatformFormat> = z.lazy(() =>
  z.object({
    id: z.number(),
    key: z.string(),
    platform: z.enum(PLATFORMS),
    format: z.string(),
    description: z.string(),
    width: z.number(),
    height: z.number(),
    aspectRatio: z.string(),
    kind: z.enum(FORMAT_KINDS),
    profile: z.boolean(),
    opaque: z.boolean(),
    types: z.array(z.enum(OUTPUT_TYPES)),
    maxBytes: z.number().nullable(),
    safeZone: z
      .discriminatedUnion('shape', [
        z.object({ shape: z.literal('circle'), note: z.string() }),
        z.object({
          shape: z.literal('rect'),
          x: z.number(),
          y: z.number(),
          width: z.number(),
          height: z.number(),
          note: z.string(),
        }),
        z.object({ shape: z.literal('note'), note: z.string() }),
      ])
      .nullable(),
    confidence: z.enum(CONFIDENCES),
    source: z.object({ name: z.string(), url: z.string().nullable() }),
    checked: z.string(),
  }),
);

/** A conversion's status by target format id. */
export const conversionResultsSchema = z.lazy(() => z.record(z.string(), conversionStatusSchema));
export type ConversionResults = z.infer<typeof conversionResultsSchema>;

/** The finished files by target format id. */
export const conversionFilesSchema = z.lazy(() => z.record(z.string(), outputFileSchema));
export type ConversionFiles = z.infer<typeof conversionFilesSchema>;

const rect = () => z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/**
 * How a finished target was framed (docs/product.md, "Intelligent resizing"): by what, from which
 * crop of the upright picture, whether the canvas was extended, and how many of the detected faces
 * and lines of text it holds whole.
 */
export const framingSchema = z.lazy(() =>
  z.object({
    framing: z.enum(FRAMINGS),
    crop: rect().nullable(),
    extended: z.boolean(),
    kept: z.object({ faces: z.number(), text: z.number() }),
  }),
);
export type TargetFraming = z.infer<typeof framingSchema>;

/** What detection found for a content-aware fan-out, or why it fell back to the saliency analysis. */
export const detectionSummarySchema = z.lazy(() =>
  z.object({
    source: z.enum(['models', 'saliency']),
    faces: z.number(),
    text: z.number(),
    failure: z.string().optional(),
  }),
);
export type DetectionSummary = z.infer<typeof detectionSummarySchema>;

const detectedBox = () => rect().extend({ score: z.number() });

/** GET /api/upload/{id}/detection: what was found, and the boxes every target keeps (marks where there is room). */
export const detectionResponseSchema = z.lazy(() =>
  z.object({
    detection: z.object({
      width: z.number(),
      height: z.number(),
      faces: z.array(detectedBox().extend({ landmarks: z.array(z.object({ x: z.number(), y: z.number() })) })),
      text: z.array(detectedBox().extend({ designed: z.boolean().optional() })),
      marks: z.array(detectedBox()),
      panels: z.array(rect()).optional(),
      source: z.enum(['models', 'saliency']),
      failure: z.string().optional(),
    }),
    keep: z.array(rect().extend({ kind: z.enum(['face', 'text', 'mark']) })),
  }),
);
export type DetectionResponse = z.infer<typeof detectionResponseSchema>;
/** One box every target keeps whole (a face or a line of text), or a mark kept where there is room. */
export type KeepBox = DetectionResponse['keep'][number];

/** POST /api/conversions/{id}/reframe: one target framed by hand, its crop in upright picture pixels. */
export const reframeSchema = z.lazy(() =>
  z.object({
    formatId: z.number('formatId must be a number').int('formatId must be a whole number'),
    crop: z.object({
      x: finite('crop x'),
      y: finite('crop y'),
      width: finite('crop width').refine((v) => v > 0, 'crop width must be greater than 0'),
      height: finite('crop height').refine((v) => v > 0, 'crop height must be greater than 0'),
    }),
  }),
);
export type ReframeInput = z.infer<typeof reframeSchema>;

export const conversionResponseSchema = z.lazy(() =>
  z.object({
    results: conversionResultsSchema,
    files: conversionFilesSchema,
    analysisPerformed: z.boolean(),
    /** By target format id, for finished targets. */
    framings: z.record(z.string(), framingSchema).default({}),
    /** Null when no target is content-aware. */
    detection: detectionSummarySchema.nullable().default(null),
  }),
);
export type ConversionResponse = z.infer<typeof conversionResponseSchema>;

const formatIds = z.lazy(() =>
  z
    .array(z.number('Format ids are numbers').int().positive(), 'targetFormatIds must be a list of format ids')
    .max(MAX_TARGET_FORMATS, `At most ${MAX_TARGET_FORMATS} target formats at once`),
);

export const bannerConvertSchema = z.lazy(() =>
  z.object({
    /** Where the banner is used now; null for a fresh picture (no platform's rules then apply). */
    sourceFormatId: z
      .number('Source format required')
      .int()
      .positive('Source format required')
      .nullable()
      .default(null),
    targetFormatIds: formatIds,
    useAi: z.boolean().default(true),
    output: outputSettingsSchema.optional(),
    fill: fillSchema.optional(),
    focus: focusSchema.optional(),
  }),
);

export const profileConvertSchema = z.lazy(() =>
  z.object({
    /** Where the picture is used now; null for a fresh photo (no platform's rules then apply). */
    sourceFormatId: z
      .number('Source format required')
      .int()
      .positive('Source format required')
      .nullable()
      .default(null),
    targetFormatIds: formatIds,
    output: outputSettingsSchema.optional(),
    fill: fillSchema.optional(),
    focus: focusSchema.optional(),
  }),
);

export const batchProcessSchema = z.lazy(() =>
  z.object({
    formats: formatIds,
    output: outputSettingsSchema.optional(),
    fill: fillSchema.optional(),
    focus: focusSchema.optional(),
  }),
);

/**
 * A batch of photos already uploaded, each with its image request: every photo to every format,
 * with the content-aware crop, or the user's box where one is given for that photo.
 */
export const createBatchSchema = z.lazy(() =>
  z.object({
    requestIds: z
      .array(z.uuid('Image request not found'), 'requestIds must be a list of image request ids')
      .min(1, 'Add at least one photo to the batch')
      .max(MAX_BATCH_PHOTOS, `At most ${MAX_BATCH_PHOTOS} photos in a batch`),
    formats: formatIds,
    output: outputSettingsSchema.optional(),
    fill: fillSchema.optional(),
    /** The box to keep, by image request id. */
    focus: z.record(z.uuid('Image request not found'), focusSchema).optional(),
  }),
);

export const batchPhotoSchema = z.lazy(() =>
  z.object({
    requestId: z.string(),
    originalFilename: z.string(),
    /** Deleted after 7 days: nothing left to download. */
    expired: z.boolean(),
    results: conversionResultsSchema,
    files: conversionFilesSchema,
    /** The reason each failed target gives, by format id. */
    errors: z.record(z.string(), z.string()),
    /** Its formats keep the box the user drew (else they are framed automatically). */
    boxKept: z.boolean(),
    /** How each finished format was framed, by format id. */
    framings: z.record(z.string(), framingSchema).default({}),
  }),
);
export type BatchPhoto = z.infer<typeof batchPhotoSchema>;

const batchTotalsSchema = z.lazy(() => z.object({ complete: z.number(), failed: z.number(), processing: z.number() }));

export const batchResponseSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    createdAt: instant,
    formats: z.array(z.number()),
    photos: z.array(batchPhotoSchema),
    totals: batchTotalsSchema,
  }),
);
export type BatchResponse = z.infer<typeof batchResponseSchema>;

/** A batch in the list of the caller's batches. */
export const batchSummarySchema = z.lazy(() =>
  z.object({
    id: z.string(),
    createdAt: instant,
    photos: z.number(),
    formats: z.number(),
    totals: batchTotalsSchema,
  }),
);
export type BatchSummary = z.infer<typeof batchSummarySchema>;

// ── admin ───────────────────────────────────────────────────────────────────────────────────────

export const adminLoginSchema = z.lazy(() =>
  z.object({
    password: z.string('Password is required').min(1, 'Password is required').max(200, 'Password is too long'),
  }),
);

/** The admin login and logout only confirm. */
export const adminOkAnswerSchema = z.lazy(() => z.object({ ok: z.literal(true) }));

export type AdminUser = PublicUser;

export const adminPaymentSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    planId: planIdSchema,
    amountCents: z.number(),
    currency: z.string(),
    status: z.string(),
    username: z.string().nullable(),
    createdAt: instant,
    grantedAt: instant.nullable(),
  }),
);
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminContactMessageSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: instant,
  }),
);
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;
