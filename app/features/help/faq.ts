import { BANNER_FORMATS, PLATFORM_FORMATS, PROFILE_FORMATS } from '../../../shared/formats';
import {
  CONVERSIONS_PER_HOUR,
  FREE_DOWNLOADS_ANONYMOUS,
  FREE_DOWNLOADS_REGISTERED,
  REFUND_POLICY,
  RETENTION_DAYS,
} from '../../../shared/limits';
import { PLATFORMS } from '../../../shared/platforms';
import { PLANS } from '../../../shared/plans';

/**
 * The Help Center's questions. Every figure comes from the modules the server enforces
 * (catalogue, plans, limits), so the answers cannot drift from what the product does.
 */
export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqTopic {
  id: 'general' | 'single' | 'banner' | 'billing';
  label: string;
  items: FaqItem[];
}

const single = PLANS.find((plan) => plan.id === 'single')!;
const unlimited = PLANS.find((plan) => plan.id === 'unlimited')!;
const price = (value: number) => `$${value.toFixed(2)}`;
const platformCount = PLATFORMS.length;

export const FAQ_TOPICS: readonly FaqTopic[] = [
  {
    id: 'general',
    label: 'General',
    items: [
      {
        question: 'What is Social Resizer?',
        answer: `A web service that turns one picture into versions sized for social and store platforms. It knows ${PLATFORM_FORMATS.length} format specifications across ${platformCount} platforms: Facebook, Instagram, LinkedIn, X (Twitter), YouTube, TikTok, Snapchat, the App Store, Google Play, Behance and Product Hunt.`,
      },
      {
        question: 'Which file types and sizes can I upload?',
        answer:
          'JPG, PNG and WebP files of up to 50 MB. GIF, SVG, HEIC and other types are refused with a message before anything is stored. Very large photos are scaled down in your browser before upload, so an ordinary phone or camera photo always fits.',
      },
      {
        question: 'What do I get back?',
        answer:
          'A file at exactly the width and height the platform asks for, as JPEG, WebP or PNG: you choose, or leave it on Auto, which gives JPEG for photos and PNG for logos, graphics and anything with a transparent background. A format only offers the types its platform accepts, and where a platform caps the file size, the quality is lowered just enough to fit. The App Store and Google Play refuse transparency in screenshots and some icons, so those files have no transparent areas.',
      },
      {
        question: 'Where do the sizes come from?',
        answer:
          'From each platform’s own help and developer pages where they publish one, and otherwise from the sizes independent guides agree on. Where a platform shows only part of the picture (a circle for profile photos, a centre strip for YouTube banners), the editor draws that safe zone over your crop.',
      },
      {
        question: 'How long do you keep my pictures?',
        answer: `Uploaded images, their outputs and previews are deleted automatically ${RETENTION_DAYS} days after upload. After that the image shows as expired and you can upload it again. Records of your purchases stay in your account without the files.`,
      },
      {
        question: 'Do I need an account?',
        answer: `No. Without an account you get ${FREE_DOWNLOADS_ANONYMOUS} free download every 24 hours. A free account raises that to ${FREE_DOWNLOADS_REGISTERED} every 24 hours (at most ${FREE_DOWNLOADS_REGISTERED} a day per network, however many accounts sign up there), keeps your purchase history and lets you download what you got from any device.`,
      },
    ],
  },
  {
    id: 'single',
    label: 'Single Image Resizer',
    items: [
      {
        question: 'How do I resize one image?',
        answer:
          'Upload it on the Single Image tab, pick the platform and the format, then drag to position and use the zoom slider to frame it. The preview shows the exact output, and Download gives you the PNG.',
      },
      {
        question: 'Why is part of the frame shaded or circled?',
        answer:
          'That is the format’s safe zone: the part every device shows. Profile pictures are displayed as circles and YouTube banners are cut to a centre strip on phones and desktops, so keep faces and text inside it.',
      },
      {
        question: 'Can I zoom out further than the picture?',
        answer:
          'Yes, down to 0.5×. The area the picture does not cover stays transparent in a PNG or WebP (Auto then gives PNG), and is white in a JPEG and in the opaque store formats, so the whole picture fits the frame.',
      },
      {
        question: 'Can I get other formats of the same image?',
        answer:
          'Yes. After the first download, the other formats of the platform are listed below it, rendered from the same upload. Downloading the same image again never uses up another free download.',
      },
      {
        question: 'Why was my image refused?',
        answer:
          'The message says why: a file over 50 MB, a type we do not read (for example GIF), a damaged file, or a picture with more pixels than we can process at once. Save it as JPG or PNG, or at a smaller size, and upload it again.',
      },
    ],
  },
  {
    id: 'banner',
    label: 'Banner Adjuster',
    items: [
      {
        question: 'What does the Banner Adjuster do?',
        answer: `It converts one banner into the banner, cover and header formats of other platforms at once: ${BANNER_FORMATS.length} formats in all. Pick the format your banner is in now, tick the targets, and download each result or all of them as one ZIP.`,
      },
      {
        question: 'What does intelligent resizing do?',
        answer:
          'It finds the text, logos and faces in your banner and places the crop so they stay inside each platform’s safe zone. Where they cannot fit the new shape, the canvas is extended with a soft, blurred copy of your picture instead of cutting them off. Switch it off to get plain centred crops.',
      },
      {
        question: 'Why can’t I pick a target from the source platform?',
        answer:
          'The adjuster converts between platforms, so the source platform’s formats are not offered as targets. Use the Single Image tab for another format of the same platform.',
      },
      {
        question: 'Is there a Profile Picture Adjuster too?',
        answer: `Yes. It makes ${PROFILE_FORMATS.length} square profile formats from one picture, centred on the face it finds, and shows how each will look in a circle.`,
      },
      {
        question: 'Do conversions count against my downloads?',
        answer: `No, banner and profile conversions need no payment. To keep the service fast for everyone they are limited per hour: ${CONVERSIONS_PER_HOUR.anonymous} formats without an account, ${CONVERSIONS_PER_HOUR.registered} with a free account and ${CONVERSIONS_PER_HOUR.unlimited.toLocaleString('en-US')} with Unlimited Access.`,
      },
    ],
  },
  {
    id: 'billing',
    label: 'Account & Billing',
    items: [
      {
        question: 'What does it cost?',
        answer: `Your free downloads cost nothing. After that, ${single.name} is ${price(single.price)}: ${single.description.charAt(0).toLowerCase()}${single.description.slice(1)} ${unlimited.name} is ${price(unlimited.price)}: ${unlimited.description.charAt(0).toLowerCase()}${unlimited.description.slice(1)} Each is paid once; there is no subscription.`,
      },
      {
        question: `How long does a ${single.name} last?`,
        answer: `${single.description} Download what you need within those ${RETENTION_DAYS} days.`,
      },
      {
        question: 'How do I pay?',
        answer:
          'By card, through Stripe. Your card details go straight to Stripe and never reach our servers. You are charged once, when you confirm the payment.',
      },
      {
        question: 'Can I get a refund?',
        answer: `${REFUND_POLICY} If a download you paid for does not work, contact support and we will make it right.`,
      },
      {
        question: 'How do I delete my account?',
        answer:
          'Open Account Settings on your account page and confirm with your password. Your pictures are deleted at once, and Unlimited Access ends with the account.',
      },
      {
        question: 'I forgot my password. What can I do?',
        answer:
          'Contact support from the e-mail address on your account and we will help you back in. Signed in, you can change your password on your account page.',
      },
    ],
  },
];
