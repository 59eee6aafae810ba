/**
 * The banner and profile-picture adjusters share one three-step flow (docs/product.md, "Banner and
 * profile adjusters"); what differs between them is here.
 */
import type { PlatformFormat } from '../../../shared/formats';
import { platformFormatsQuery, profileFormatsQuery } from '../tool-kit/queries';
import { isBannerFormat } from '../../../shared/formats';

export type AdjusterKind = 'banner' | 'profile';

export interface AdjusterFlow {
  kind: AdjusterKind;
  /** 'banner' or 'profile picture', as the texts name the picture. */
  noun: string;
  steps: readonly [string, string, string];
  titles: readonly [string, string, string];
  /** The formats call and which of its formats the flow offers. */
  formatsQuery: typeof platformFormatsQuery;
  offers: (format: PlatformFormat) => boolean;
  /** POST /api/{endpoint}/{requestId}. */
  endpoint: 'banner-convert' | 'profile-convert';
  aiToggle: boolean;
  /** A fresh picture has no current format: the source may stay unset ('None: a new photo'). */
  sourceOptional: boolean;
  noFormatsTitle: string;
  noFormatsText: string;
  failureText: string;
}

export const BANNER_FLOW: AdjusterFlow = {
  kind: 'banner',
  noun: 'banner',
  steps: ['Upload', 'Configure', 'Results'],
  titles: ['Upload Your Banner', 'Configure Banner Adjustment', 'Banner Conversion Results'],
  formatsQuery: platformFormatsQuery,
  offers: isBannerFormat,
  endpoint: 'banner-convert',
  aiToggle: true,
  // A fresh picture (a photo made into a banner) has no current format, as a profile picture may not.
  sourceOptional: true,
  noFormatsTitle: 'No Banner Formats Available',
  noFormatsText: "We couldn't find any banner formats in our database.",
  failureText: 'Failed to process banner conversions. Please try again later.',
};

export const PROFILE_FLOW: AdjusterFlow = {
  kind: 'profile',
  noun: 'profile picture',
  steps: ['Upload', 'Configure', 'Results'],
  titles: ['Upload Your Profile Picture', 'Configure Profile Picture Adjustment', 'Profile Picture Conversion Results'],
  formatsQuery: profileFormatsQuery,
  offers: () => true,
  endpoint: 'profile-convert',
  aiToggle: false,
  sourceOptional: true,
  noFormatsTitle: 'No Profile Picture Formats Available',
  noFormatsText: "We couldn't find any profile picture formats in our database.",
  failureText: 'Failed to process profile picture conversions. Please try again later.',
};
