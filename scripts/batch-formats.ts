import { PLATFORM_FORMATS } from '../shared/formats';

/** The ten formats the load run's batch and the isolate bench's batch ask for, one of each kind people post. */
export const BATCH_FORMATS = [
  'instagram_post_square',
  'instagram_story',
  'facebook_cover_photo',
  'facebook_link_share',
  'linkedin_profile_picture',
  'twitter_header',
  'youtube_thumbnail',
  'tiktok_profile_picture',
  'twitter_post_landscape',
  'snapchat_story',
].flatMap((key) => PLATFORM_FORMATS.filter((f) => f.key === key));
