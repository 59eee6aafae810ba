/**
 * The open positions (docs/product.md, "Site pages"): four, two in Engineering, one in Marketing, one in
 * Customer Success.
 */
export const DEPARTMENTS = ['All', 'Engineering', 'Marketing', 'Customer Success', 'Design', 'Operations'] as const;
export type Department = Exclude<(typeof DEPARTMENTS)[number], 'All'>;

export interface Position {
  id: string;
  title: string;
  department: Department;
  location: string;
  type: string;
  summary: string;
  responsibilities: string[];
  requirements: string[];
  benefits: string[];
}

export const CAREERS_EMAIL = 'careers@socialresizer.app';

const BENEFITS = [
  'Fully remote, with a yearly team week in person',
  'Flexible hours around a few shared core hours',
  'Health insurance and a home-office budget',
  '25 days of paid holiday plus public holidays',
];

export const POSITIONS: readonly Position[] = [
  {
    id: 'senior-full-stack-engineer',
    title: 'Senior Full-Stack Engineer',
    department: 'Engineering',
    location: 'Remote (US or EU time zones)',
    type: 'Full-time',
    summary:
      'Build the tools people use to size their pictures: the React app, the API on Cloudflare Workers, and checkout.',
    responsibilities: [
      'Design and ship features across the React app and the TypeScript API on Cloudflare Workers',
      'Keep uploads, payments and downloads correct under load, with tests that a user would recognise',
      'Review code and help shape the architecture as the team grows',
    ],
    requirements: [
      '5+ years building web products in TypeScript',
      'Experience with React and an HTTP API in production',
      'Care for accessibility, error messages and the details users notice',
    ],
    benefits: BENEFITS,
  },
  {
    id: 'image-processing-engineer',
    title: 'Image Processing Engineer',
    department: 'Engineering',
    location: 'Remote (US or EU time zones)',
    type: 'Full-time',
    summary: 'Make our image engine faster and smarter: codecs in WebAssembly, resampling, and content-aware cropping.',
    responsibilities: [
      'Improve decoding, resampling and encoding speed within a 128 MB memory budget',
      'Develop the content-aware analysis that keeps faces, text and logos in frame',
      'Build benchmarks and measure every change against real photos',
    ],
    requirements: [
      'Strong knowledge of image processing (colour, filtering, compression)',
      'Experience with WebAssembly, Rust or C in performance-sensitive code',
      'Comfort turning measurements into decisions',
    ],
    benefits: BENEFITS,
  },
  {
    id: 'content-marketing-manager',
    title: 'Content Marketing Manager',
    department: 'Marketing',
    location: 'Remote (US time zones)',
    type: 'Full-time',
    summary:
      'Help creators and marketers find us by publishing the most accurate, useful guides to platform image sizes.',
    responsibilities: [
      'Plan and write guides, tutorials and the newsletter',
      'Track platform changes and keep our published sizes current with engineering',
      'Measure what readers find useful and improve it',
    ],
    requirements: [
      '3+ years in content or product marketing',
      'Clear, precise writing',
      'A working knowledge of the major social platforms',
    ],
    benefits: BENEFITS,
  },
  {
    id: 'customer-success-specialist',
    title: 'Customer Success Specialist',
    department: 'Customer Success',
    location: 'Remote (Pacific time zone)',
    type: 'Full-time',
    summary:
      'Be the person our customers reach: answer questions, fix payment issues, and bring their feedback to the team.',
    responsibilities: [
      'Answer support messages within 24 hours on business days',
      'Resolve billing questions with care and accuracy',
      'Keep the Help Center answers current and tell us what confuses people',
    ],
    requirements: [
      '2+ years in customer support or success',
      'Warm, clear written communication',
      'Comfort with web tools and basic image formats',
    ],
    benefits: BENEFITS,
  },
];

export function positionsIn(department: string): Position[] {
  return department === 'All' ? [...POSITIONS] : POSITIONS.filter((p) => p.department === department);
}

export function applyHref(position: Position): string {
  return `mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(`Application: ${position.title}`)}`;
}
