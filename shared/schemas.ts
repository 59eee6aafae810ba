/**
 * Request and response shapes shared by the worker (which decides) and the app (which helps).
 * Messages are the spec's own words where it gives them.
 */
import { fillSchema, type Fill } from './fill';
import { z } from 'zod';
import { DEFAULT_QUALITY, MIN_USER_QUALITY, OUTPUT_CHOICES, type OutputChoice, type OutputType } from './output';

/** The user as the API answers it: never anything about the password. */
export type PublicUser = {
  id: string;
  username: string;
  email: string;
  name: string | null;
  hasUnlimitedAccess: boolean;
  createdAt: string;
};

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;

const username = z
  .string('Username must be at least 3 characters')
  .trim()
  .min(USERNAME_MIN, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters');
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
const password = z
  .string('Password must be at least 6 characters')
  .min(PASSWORD_MIN, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

export const loginSchema = z.object({ username, password });

const email = z.email('Please enter a valid email address').max(254, 'Please enter a valid email address');

export const registerSchema = z.object({
  username: username.regex(
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
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(200),
  newPassword: password,
});

export const passwordResetRequestSchema = z.object({ email });

export const passwordResetSchema = z.object({
  token: z.string().min(20, 'This reset link is not complete').max(200, 'This reset link is not complete'),
  password,
});

export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Please enter your password to confirm').max(200),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * An image the account got (a free download, unlimited access or a payment). `processedPath` is
 * where to download it once processed; `expired` once the 7-day deletion has removed its files.
 */
/** Another format of a purchase, got from the download step's "Other formats". */
export type PurchaseFormat = {
  formatId: number;
  platform: string;
  format: string;
  downloadPath: string;
  previewPath: string;
};

export type Purchase = {
  id: string;
  createdAt: string;
  originalFilename: string;
  formatId: number;
  platform: string;
  format: string;
  processedPath: string | null;
  /** The thumbnail while the files are kept. */
  previewPath: string | null;
  otherFormats: PurchaseFormat[];
  expired: boolean;
};

export const CONTACT_SUBJECTS = ['general', 'support', 'billing', 'feedback', 'partnership', 'other'] as const;

export const contactMessageSchema = z.object({
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
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const newsletterSchema = z.object({
  email: z
    .email('Please enter a valid email address.')
    .max(254, 'Please enter a valid email address.')
    .transform((email) => email.toLowerCase()),
});

/** The upload step: at most 50 MB, JPEG, PNG or WebP (judged by the server from the bytes). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const ACCEPTED_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type UploadResponse = {
  id: string;
  /** Display path of the original: `/uploads/{id}.{ext}`. */
  path: string;
  originalFilename: string;
  /** Upright size (EXIF orientation applied), the size crop coordinates refer to. */
  width: number;
  height: number;
  size: number;
  type: string;
};

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;

const finite = (field: string) =>
  z.number(`${field} must be a number`).refine(Number.isFinite, `${field} must be a finite number`);

/** react-easy-crop's croppedAreaPixels, plus the zoom it was made at. */
export const cropDetailsSchema = z.object({
  x: finite('x'),
  y: finite('y'),
  width: finite('width').refine((v) => v > 0, 'width must be greater than 0'),
  height: finite('height').refine((v) => v > 0, 'height must be greater than 0'),
  zoom: z
    .number('zoom must be a number')
    .min(ZOOM_MIN, `zoom must be at least ${ZOOM_MIN}`)
    .max(ZOOM_MAX, `zoom must be at most ${ZOOM_MAX}`),
});

export type CropDetailsInput = z.infer<typeof cropDetailsSchema>;

/**
 * "Keep this": a box on the upright picture, in its pixels, that every target keeps whole inside
 * its safe zone (a tap is a box of zero size). The server checks it against the picture.
 */
export const focusSchema = z.object({
  x: finite('focus x'),
  y: finite('focus y'),
  width: finite('focus width').refine((v) => v >= 0, 'focus width must not be negative'),
  height: finite('focus height').refine((v) => v >= 0, 'focus height must not be negative'),
});
export type Focus = z.infer<typeof focusSchema>;

/** The file type (or Auto) and the JPEG/WebP quality; both optional, Auto at 82 by default. */
export const outputSettingsSchema = z.object({
  type: z.enum(OUTPUT_CHOICES, `type must be one of ${OUTPUT_CHOICES.join(', ')}`).default('auto'),
  quality: z
    .number('quality must be a number')
    .int('quality must be a whole number')
    .min(MIN_USER_QUALITY, `quality must be at least ${MIN_USER_QUALITY}`)
    .max(100, 'quality must be at most 100')
    .default(DEFAULT_QUALITY),
});

export const createImageRequestSchema = z.object({
  originalFilename: z.string().min(1, 'Missing required information').max(255),
  originalPath: z.string().min(1, 'Missing required information').max(300),
  platform: z.string().min(1, 'No format selected').max(40),
  format: z.string().min(1, 'No format selected').max(60),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  cropDetails: cropDetailsSchema,
  output: outputSettingsSchema.optional(),
  fill: fillSchema.optional(),
});

export type CreateImageRequestInput = z.infer<typeof createImageRequestSchema>;

export const processImageSchema = z
  .object({
    formats: z.array(z.number().int().positive()).max(12, 'At most 12 other formats at once').optional(),
    /** A new file type or quality: the outputs are made again with it. */
    output: outputSettingsSchema.optional(),
    /** A new fill: the outputs are made again with it. */
    fill: fillSchema.optional(),
  })
  .default({});

export type RequestStatusValue = 'pending' | 'processing' | 'complete' | 'failed';

/** A rendered file: its type, the quality it was encoded at (null for PNG) and its size in bytes. */
export type OutputFile = { type: OutputType; quality: number | null; size: number };

export type FormatOutput = {
  formatId: number;
  status: 'processing' | 'complete' | 'failed';
  error: string | null;
  previewPath: string | null;
  downloadPath: string | null;
  file: OutputFile | null;
};

export type ImageRequestResponse = {
  id: string;
  originalFilename: string;
  originalPath: string;
  /** The upload it was made from: what the editor needs to open it again. */
  upload: UploadResponse;
  formatId: number;
  platform: string;
  format: string;
  width: number;
  height: number;
  cropDetails: CropDetailsInput;
  status: RequestStatusValue;
  error: string | null;
  /** The file type asked for (or Auto) and the quality. */
  output: { type: OutputChoice; quality: number };
  /** What fills the frame where the picture does not reach. */
  fill: Fill;
  /** The rendered file once processed. */
  file: OutputFile | null;
  previewPath: string | null;
  paymentId: string | null;
  hasUnlimitedAccess: boolean;
  createdAt: string;
  /** The other formats rendered from the same upload (the download step's list). */
  outputs: FormatOutput[];
};

const paymentIntentId = z
  .string('paymentIntentId is required')
  .regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'Not a payment intent id');

/** Checkout: the plan by id only; the server knows its price. */
export const createPaymentIntentSchema = z.object({
  imageRequestId: z.uuid('Image request not found'),
  planId: z.string('planId is required').min(1, 'planId is required').max(40),
});

export const confirmPaymentSchema = z.object({ paymentIntentId, imageRequestId: z.uuid('Image request not found') });

export const paymentSuccessSchema = z.object({ paymentIntentId });

/** The local test mode's card form. */
export const localCardSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(8),
});

export type PaymentIntentResponse = { clientSecret: string; paymentIntentId: string };

/** How the checkout takes cards: Stripe's Payment Element, or the local test mode's own form. */
export type PaymentConfig =
  { mode: 'stripe'; publishableKey: string | null } | { mode: 'local'; publishableKey: null; available: boolean };

/** A conversion's status by target format id. */
export type ConversionResults = Record<string, 'processing' | 'complete' | 'failed'>;

/** The finished files by target format id. */
export type ConversionFiles = Record<string, OutputFile>;

export type ConversionResponse = { results: ConversionResults; files: ConversionFiles; analysisPerformed: boolean };

const formatIds = z
  .array(z.number('Format ids are numbers').int().positive(), 'targetFormatIds must be a list of format ids')
  .max(80, 'At most 80 target formats at once');

export const bannerConvertSchema = z.object({
  sourceFormatId: z.number('Source format required').int().positive('Source format required'),
  targetFormatIds: formatIds,
  useAi: z.boolean().default(true),
  output: outputSettingsSchema.optional(),
  fill: fillSchema.optional(),
  focus: focusSchema.optional(),
});

export const profileConvertSchema = z.object({
  /** Where the picture is used now; null for a fresh photo (no platform's rules then apply). */
  sourceFormatId: z.number('Source format required').int().positive('Source format required').nullable().default(null),
  targetFormatIds: formatIds,
  output: outputSettingsSchema.optional(),
  fill: fillSchema.optional(),
  focus: focusSchema.optional(),
});

export const batchProcessSchema = z.object({
  formats: formatIds,
  output: outputSettingsSchema.optional(),
  fill: fillSchema.optional(),
  focus: focusSchema.optional(),
});

/** The most photos one batch takes (each photo × each format is one conversion). */
export const MAX_BATCH_PHOTOS = 50;

/**
 * A batch of photos already uploaded, each with its image request: every photo to every format,
 * with the content-aware crop, or the user's box where one is given for that photo.
 */
export const createBatchSchema = z.object({
  requestIds: z
    .array(z.uuid('Image request not found'), 'requestIds must be a list of image request ids')
    .min(1, 'Add at least one photo to the batch')
    .max(MAX_BATCH_PHOTOS, `At most ${MAX_BATCH_PHOTOS} photos in a batch`),
  formats: formatIds,
  output: outputSettingsSchema.optional(),
  fill: fillSchema.optional(),
  /** The box to keep, by image request id. */
  focus: z.record(z.uuid('Image request not found'), focusSchema).optional(),
});

export type BatchPhoto = {
  requestId: string;
  originalFilename: string;
  /** Deleted after 7 days: nothing left to download. */
  expired: boolean;
  results: ConversionResults;
  files: ConversionFiles;
  /** The reason each failed target gives, by format id. */
  errors: Record<string, string>;
  /** Its formats keep the box the user drew (else they are framed automatically). */
  boxKept: boolean;
};

/** A batch in the list of the caller's batches. */
export type BatchSummary = {
  id: string;
  createdAt: string;
  photos: number;
  formats: number;
  totals: BatchResponse['totals'];
};

export type BatchResponse = {
  id: string;
  createdAt: string;
  formats: number[];
  photos: BatchPhoto[];
  totals: { complete: number; failed: number; processing: number };
};

// ── admin ───────────────────────────────────────────────────────────────────────────────────────

export const adminLoginSchema = z.object({
  password: z.string('Password is required').min(1, 'Password is required').max(200, 'Password is too long'),
});

export type AdminUser = PublicUser;
export type AdminPayment = {
  id: string;
  planId: 'single' | 'unlimited';
  amountCents: number;
  currency: string;
  status: string;
  username: string | null;
  createdAt: string;
  grantedAt: string | null;
};
export type AdminContactMessage = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
};
