/**
 * The service's limits, in one place: the worker enforces them and the help pages quote them.
 * (docs/product.md, "Free downloads", "Banner and profile adjusters" and "Site pages".)
 */

/** Free downloads per rolling 24 hours: per IP address for visitors, per account when signed in. */
export const FREE_DOWNLOADS_ANONYMOUS = 1;
export const FREE_DOWNLOADS_REGISTERED = 5;

/** Targets a visitor may convert per hour (banner, profile and batch flows need no payment). */
export const CONVERSIONS_PER_HOUR = { anonymous: 60, registered: 300, unlimited: 1000 } as const;

/**
 * Formats in one call (a fan-out, a batch's formats, a ZIP): every format of the catalogue at once,
 * with room for the user's own sizes (docs/product.md, "The catalogue").
 */
export const MAX_TARGET_FORMATS = 160;

/**
 * Upload attempts an hour: per address (anonymous and registered alike, since accounts are cheap),
 * or per account with Unlimited Access (batches of up to 50 photos). Each attempt costs a decode.
 */
export const UPLOADS_PER_HOUR = { address: 60, unlimited: 300 } as const;

/** Accounts created an hour from one address (each account brings free downloads). */
export const REGISTRATIONS_PER_HOUR = 5;

/** Password reset e-mails asked for an hour from one address, and sent an hour to one account. */
export const PASSWORD_RESETS_PER_HOUR = { address: 5, account: 3 } as const;

/** The most photos one batch takes (each photo × each format is one conversion). */
export const MAX_BATCH_PHOTOS = 50;

/** Originals, outputs and previews are deleted this many days after upload. */
export const RETENTION_DAYS = 7;

/** Days of access a Single Download payment records for its image (the files still go after RETENTION_DAYS). */
export const SINGLE_ACCESS_DAYS = 30;

/** One wording of the refund rule, used by the terms, the help centre and the checkout. */
export const REFUND_POLICY = 'Payments are one-time and non-refundable, except where the law requires a refund.';

/**
 * Polls held at once until news (worker/lib/watch.ts): per visitor (a results page holds one, a few
 * tabs a few) and per address (people behind one network). A poll past them is answered at once and
 * told when to ask again (`retryAfterSeconds`): past the address's limit, a page of someone
 * crowded out by neighbours, in 2 s, so it still sees each change soon; past the visitor's own, one
 * browser with more polls than pages, after the longest hold, as often as a held poll asks.
 */
export const HELD_POLLS = { visitor: 4, address: 16, retryAfterSeconds: { address: 2, visitor: 10 } } as const;
